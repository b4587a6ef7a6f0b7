"""The sensible bot: plays the base model as a careful team would.

What a careful team does (rulebook, "Explanations: Red Decision Field" and after):

* **Gets machines early, on credit.** A machine keeps its value to the end (10,000 at the
  final valuation), so buying it costs only the interest on the credit and the risk of the
  write-off field; a factory without machines earns nothing. It borrows what the investment
  needs (at most 5,000 a machine) and keeps a cash reserve for the running costs.
* **Produces at capacity, buys raw material in batches** that keep the machines busy for a few
  red fields (decisions are rare), and buys only where the raw price leaves a margin.
* **Sells where the price pays**: each unit into the dearest open zone first, so it sells the
  units whose price clears its floor and keeps the rest for a better market (towards the end
  of the game a finished unit is worth only 1,500).
* **Uses WEB chips where they pay**: two held as insurance (14 of the 30 risk cards), one
  instead of the yellow field's idle costs (1,000 a machine) and instead of returning a machine
  on the write-off field; three more double a machine (twice the output for the same decision).
* **Repays the bank** when the cash allows, so no interest or fee falls due at the start.
* **Raises a payment** with as little credit as covers it before selling anything back.

Every choice is one of ``legal_choices``: the bot never builds a move the rules do not offer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import (
    Action,
    BuyWeb,
    CostChoice,
    Efficiency,
    Invest,
    Pass,
    Produce,
    Purchase,
    RenewLease,
    RepayCredit,
    Roll,
    Sell,
    SellBack,
    TakeCredit,
    WriteOff,
)
from ..constants import (
    IDLE_COST,
    INTEREST_PERCENT,
    LOAN_FEE,
    MACHINE_PRICE,
    REPURCHASE,
    WEB_EFFICIENCY,
    WEB_INSURANCE,
    WEB_LEASE,
    WEB_PRICE,
)
from ..legal import Choice, credit_available, legal_choices, turn_choices
from ..market import market_price, placement_zones, purchase_zones
from ..red_field import production_cost
from ..state import GameState, Team
from .base import Bot
from .greedy import GreedyBot
from .labor import labor_move
from .reasons import Reason, reason_for


@dataclass(frozen=True)
class Style:
    """The judgement of a careful team, in numbers (found by playing many games: see
    docs/benchmarks.md, "Bots")."""

    #: Cash kept back for the running costs: a base plus so much per machine.
    reserve_base: int = 1_500
    reserve_per_machine: int = 1_000
    #: The least a unit is sold for before the last half year.
    sale_floor: int = 4_500
    #: Machines aimed for, by the year the team is in (0 = the first).
    machine_target: tuple[int, ...] = (1, 2, 2, 3)
    #: Cash beyond the reserve that a further machine needs after paying for it.
    invest_cushion: int = 5_000
    #: Raw material bought in one go: enough for this many production decisions.
    batch_productions: int = 6
    #: The dearest raw unit worth buying (the sale price rises as the market empties).
    raw_ceiling: int = 500
    #: WEB chips kept beyond the insurance's two, for the yellow and white fields.
    spare_web: int = 3
    #: WEB chips held before a machine is bought (insurance against fire and write-off).
    web_before_machine: int = 2
    #: Cash beyond the reserve kept when repaying the bank.
    repay_margin: int = 5_000
    #: Double machines with WEB chips (three a machine).
    use_efficiency: bool = False
    #: The first machine is bought while at least this many years are left (it keeps its
    #: value, so even a short game pays for it) ...
    first_machine_years: float = 0.5
    #: ... unless the write-off field is this few fields ahead and no WEB chip is held.
    white_near: int = 24
    #: In a game with this many years left, a team whose cash after the first machine would
    #: be under ``insured_cash`` buys it only once it holds the insurance's two WEB chips
    #: (measured, base model, 6 teams, 10 years, 24 games: in profit 82.6 % and 0.79
    #: bankruptcies a game without this rule, 93.8 % and 0.33 with it).
    long_game_years: float = 5.0
    insured_cash: int = 6_500
    #: Further machines while at least this many years are left.
    more_machine_years: float = 1.0
    #: The least a unit is sold for when the stock is piling up (twice what one production
    #: makes). As high as ``sale_floor`` for now: 3,000 (in a half-filled market nothing
    #: sells dearer until raw material is bought) lowered the results of 10-year games and
    #: helped no short one (docs/decisions/bots-build-a-business.md).
    stock_floor: int = 4_500
    #: Raw material is bought while this many years are left (a purchase, a production and
    #: a sale are three red fields, about half a year; the last batch is small).
    last_purchase_years: float = 0.25
    #: Cash kept when buying the first WEB chip for a team with a machine (the chip saves
    #: the machine on the write-off field and is worth more than any reserve).
    last_web_floor: int = 0


class SensibleBot(Bot):
    name = "sensible"
    style = Style()

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: The steps' rarer decisions are played as the greedy bot plays them.
        self.fallback = GreedyBot(seed)

    def choose(self, state: GameState, actor: str) -> Action:
        team = state.teams.get(actor)
        if team is None or team.bankrupt or state.phase == "ended":
            return super().choose(state, actor)
        turn = [c for c in turn_choices(state, team) if not c.any_time]
        if not turn:  # a payment is due
            return self.raise_cash(state, team, legal_choices(state, actor))
        # Step 6: a worker for each machine held (``labor.py``; the rule set's hint is the
        # greedy bot's, which hires before there is a machine).
        move = labor_move(state, team, buying=self.buying_first_machine(state, team))
        if move is not None:
            return move
        head = state.pending[0].kind if state.pending and state.current == team.name else ""
        if head in ("", "red"):  # before the roll, or on a decision: the any-time moves
            move = self.any_time(state, team)
            if move is not None:
                return move
        return self.decide(state, team, None, turn)

    def explain(self, state: GameState, actor: str) -> tuple[Action, Reason]:
        """The move ``choose`` makes and why (a code and params, no words: for hints).
        The reason is read after choosing, so explaining changes no move."""
        action = self.choose(state, actor)
        return action, reason_for(self, state, actor, action)

    # -- the turn ------------------------------------------------------------------------

    def decide(self, state: GameState, team: Team, choices: list[Choice] | None,
               turn: list[Choice]) -> Action:
        by_cls: dict[type[Action], list[Choice]] = {}
        for c in turn:
            by_cls.setdefault(c.cls, []).append(c)
        name = team.name
        if Roll in by_cls:
            return self.pick(by_cls[Roll][0], name)
        head = state.pending[0].kind if state.pending else ""
        if head == "red" and Pass in by_cls:
            return self.red_field(state, team, by_cls)
        if head == "green":
            return BuyWeb(name) if BuyWeb in by_cls and self.wants_web(state, team) \
                else Pass(name)
        if head == "yellow":
            return self.yellow_field(state, team, turn)
        if head == "white":
            return self.write_off(state, team, turn)
        if head == "lease":
            renew = self.years_left(state, team) >= 1 and team.web >= WEB_LEASE + WEB_INSURANCE
            for c in turn:
                if c.cls is RenewLease and c.fixed.get("renew") == renew:
                    return c.pick(name, 0)
        by_type = {c.cls.type: c for c in turn}
        if "withdraw_bid" in by_type:  # step 1: a round of the free market's bidding
            return self.bidding(state, team, turn)
        if "auction_pass" in by_type:  # step 2: the bank auctions raw material
            return self.auction(state, team, by_type)
        # The steps' other decisions (hiring, marketing, takeovers, ...): as the greedy bot.
        return self.fallback.decide(state, team, choices, turn)

    def bidding(self, state: GameState, team: Team, turn: list[Choice]) -> Action:
        """Step 1: the first supplier keeps its sale going; a competitor offers its stock
        at the dearest price it may that still pays, or stays out."""
        by_type = {c.cls.type: c for c in turn}
        if "match_bid" in by_type:
            return by_type["match_bid"].pick(team.name, 0)
        late = self.years_left(state, team) < 0.5 or team.cash < self.reserve(team)
        floor = self.sale_floor(state, team, late)
        bids = [c for c in turn if c.cls.type == "bid" and c.fixed["price"] >= floor]
        if not bids:
            return by_type["withdraw_bid"].pick(team.name, 0)
        best = max(bids, key=lambda c: c.fixed["price"])
        return best.pick(team.name, best.size() - 1)

    def auction(self, state: GameState, team: Team, by_type: dict[str, Choice]) -> Action:
        """Step 2: bid the least a bid may be while raw material is wanted and cheap."""
        bid = by_type.get("auction_bid")
        capacity = self.capacity(state, team)
        if bid is not None and capacity and team.raw < self.style.batch_productions * capacity:
            price = bid.values[0]
            if price <= self.style.raw_ceiling - 100 and team.cash - price * 5 >= self.reserve(
                    team):
                return bid.pick(team.name, 0)
        return by_type["auction_pass"].pick(team.name, 0)

    def red_field(self, state: GameState, team: Team,
                  by_cls: dict[type[Action], list[Choice]]) -> Action:
        """One decision: invest in the first machines, sell a stock that pays, produce, buy
        raw material in a batch, invest further, or nothing."""
        name = team.name
        capacity = self.capacity(state, team)
        late = self.years_left(state, team) < 0.5
        invest = by_cls.get(Invest)
        if invest and self.wants_machine(state, team):
            credit = self.investment_credit(state, team, invest[0].values)
            if credit is not None:
                return Invest(name, credit=credit)
        sell = self.units_to_sell(state, team, late or team.cash < self.reserve(team))
        if sell:  # no more than the sale listed (step 6 holds back fresh goods from it)
            sales = by_cls.get(Sell) or [
                c for cls, cs in by_cls.items() if cls.type == "offer_sale" for c in cs]
            sell = min(sell, sales[0].size()) if sales else 0
        produce = by_cls.get(Produce)
        if sell and (not produce or team.finished >= 2 * max(1, capacity) or late
                     or team.cash < self.reserve(team)):
            return self.sale(team, by_cls, sell)
        if produce:
            units = produce[0].values[-1]
            affordable = (team.cash - self.style.reserve_base // 2) // production_cost(team)
            if affordable >= 1:
                return Produce(name, units=min(units, affordable))
        if sell:
            return self.sale(team, by_cls, sell)
        buy = by_cls.get(Purchase)
        if buy and self.years_left(state, team) >= self.style.last_purchase_years:
            # Late in the game only what the machines make in a decision or two: a unit made
            # of cheap raw material is worth its costs at the final valuation (1,500).
            most = buy[0].values[-1] if not late else min(buy[0].values[-1], 2 * capacity)
            units = self.units_to_buy(state, team, capacity, most)
            if units:
                return Purchase(name, units=units)
        if invest and self.wants_machine(state, team):
            credit = self.investment_credit(state, team, invest[0].values)
            if credit is not None:
                return Invest(name, credit=credit)
        return Pass(name)

    def sale(self, team: Team, by_cls: dict[type[Action], list[Choice]], units: int) -> Action:
        """A sale: the base model's, or with the free market (step 1) an offer at the
        dearest price on offer (the market price)."""
        if Sell in by_cls:
            return Sell(team.name, units=units)
        offers = [c for cls, cs in by_cls.items() if cls.type == "offer_sale" for c in cs]
        best = max(offers, key=lambda c: c.fixed.get("price", 0))
        return best.pick(team.name, units - 1)

    def yellow_field(self, state: GameState, team: Team, turn: list[Choice]) -> Action:
        options = {c.fixed["option"]: c for c in turn if c.cls is CostChoice}
        idle = IDLE_COST * len(team.machines)
        # A WEB chip costs 1,000 on the green field, but green fields are few and the bank
        # holds only 30 chips: the two kept as insurance stand for a machine (14 of the 30
        # risk cards), one more saves a machine on the white field. So a chip pays only an
        # idle bill dearer than a chip (a spare one), a bill of three machines (keeping one
        # for the white field), or a bill the till cannot pay; a rich team pays cash.
        rich = team.cash >= idle + self.reserve(team) + MACHINE_PRICE // 2
        spare = team.web > WEB_INSURANCE and idle >= 2 * WEB_PRICE and not rich
        dear = idle >= 3 * WEB_PRICE and team.web > 1 and not rich  # one kept for the white
        if "web" in options and idle and (spare or dear or team.cash < idle):
            return options["web"].pick(team.name, 0)
        return options["idle"].pick(team.name, 0)

    def write_off(self, state: GameState, team: Team, turn: list[Choice]) -> Action:
        """A WEB chip saves a machine worth 10,000; a double machine turned single costs
        less than a machine returned."""
        by_option = {c.fixed["option"]: c for c in turn if c.cls is WriteOff}
        for option in ("web", "downgrade", "return"):
            if option in by_option:
                choice = by_option[option]
                if option == "return":  # the machine that would produce last
                    latest = max(choice.values, key=lambda m: state.machines[m].ready_at)
                    return WriteOff(team.name, option="return", machine=latest)
                return choice.pick(team.name, 0)
        return self.pick(turn[0], team.name)

    # -- moves open at any time ------------------------------------------------------------

    def any_time(self, state: GameState, team: Team) -> Action | None:
        name = team.name
        late = self.years_left(state, team) < 1
        # Debt costs 10 % and a fee of 1,000 a year, and a team at its credit limit must
        # sell a machine for the next bill it cannot pay: repay whenever the cash left
        # covers the running costs (the bank lends a new machine's half again).
        keep = self.reserve(team, with_interest=False) + self.style.repay_margin
        if not team.machines and not late:
            keep = 0  # the debt blocks the credit for a new first machine: clear it
        move = self.working_credit(state, team)
        if move is not None:
            return move
        after = team.cash - team.bank_debt
        if team.bank_debt and after >= (0 if late else keep) \
                and self.working_shortfall(state, team, after) <= 0:
            return RepayCredit(name, amount=team.bank_debt)
        if self.style.use_efficiency and team.web >= WEB_EFFICIENCY + WEB_INSURANCE \
                and not late:
            singles = [m for m in team.machines if not state.machines[m].double]
            if singles:
                return Efficiency(name, machine=singles[0])
        return None

    def working_credit(self, state: GameState, team: Team) -> Action | None:
        """On its red field, a team whose cash cannot pay for one production (the raw
        material it lacks for it, the production costs, the base reserve) borrows what the
        machines' credit still allows ("Lines of Credit": half the value of the equipment):
        an idle machine earns nothing, credit costs 10 % and a fee, and the bill it could not
        pay later would cost a machine sold back at half its value."""
        if not state.pending or state.pending[0].kind != "red" or state.current != team.name:
            return None
        need = self.working_shortfall(state, team, team.cash)
        if need <= 0:
            return None
        step = state.config.credit_step
        room = credit_available(state, team)
        room -= room % step
        if room < step:
            return None
        amount = min(room, -(-need // step) * step)
        return TakeCredit(team.name, amount=amount)

    def working_shortfall(self, state: GameState, team: Team, cash: int) -> int:
        """What ``cash`` lacks for one production at capacity: the raw material still to buy
        for it (where it is cheap enough to buy), the production costs and the base reserve;
        0 without a machine or in the game's last quarter year."""
        if not team.machines or self.years_left(state, team) < 0.25:
            return 0
        units = self.capacity(state, team)
        raw_cost = 0
        missing = max(0, units - team.raw)
        if missing:
            prices = [state.config.zone_prices[z] for z in purchase_zones(state.market, missing)]
            if len(prices) < missing or max(prices) > self.style.raw_ceiling:
                units = min(units, team.raw)  # what cannot be bought is not made
            else:
                raw_cost = sum(prices)
        if not units:
            return 0
        return max(0, raw_cost + production_cost(team) * units + self.style.reserve_base - cash)

    def raise_cash(self, state: GameState, team: Team, choices: list[Choice]) -> Action:
        """As little credit as covers the payment, then what is worth least to keep."""
        owed = state.pending[0].amount if state.pending else 0
        need = max(1, owed - team.cash)
        for c in choices:
            if c.cls is TakeCredit:
                enough = [v for v in c.values if v >= need]
                return TakeCredit(team.name, amount=enough[0] if enough else c.values[-1])
        for item, worth in (("finished", REPURCHASE["finished"]), ("raw", REPURCHASE["raw"])):
            for c in choices:
                if c.cls is SellBack and c.fixed.get("item") == item:
                    units = min(len(c.values), -(-need // worth))
                    return SellBack(team.name, item=item, units=units)
        return super().raise_cash(state, team, choices)

    # -- judgement -------------------------------------------------------------------------

    def reserve(self, team: Team, with_interest: bool = True) -> int:
        """Cash for what falls due before the next sale: the yellow field's idle costs, the
        bank's interest and fee at the start, a risk card."""
        interest = team.bank_debt * INTEREST_PERCENT // 100 + LOAN_FEE \
            if team.bank_debt and with_interest else 0
        return (self.style.reserve_base + self.style.reserve_per_machine * len(team.machines)
                + interest)

    def capacity(self, state: GameState, team: Team) -> int:
        """Units one production makes once every machine is ready."""
        return sum(2 if state.machines[m].double else 1 for m in team.machines)

    def years_left(self, state: GameState, team: Team) -> float:
        """Years until the game ends (the leader's years count: time is called then)."""
        if state.config.years is None:
            return 99.0
        if state.time_called:
            return 0.0
        board = len(state.config.board)
        leader = max(t.fields_moved for t in state.teams.values()) / board
        return state.config.years - leader

    def price_now(self, state: GameState) -> int:
        price = market_price(state.market, state.config.zone_capacity, state.config.zone_prices)
        return price or 0

    def sale_floor(self, state: GameState, team: Team, late: bool) -> int:
        """The least a unit should fetch: late in the game a kept unit is worth only its
        final value; before, what raw material and production cost plus a margin, and a
        smaller margin once the stock piles up (units kept earn nothing)."""
        if late:
            return REPURCHASE["finished"] + 1
        if team.finished >= 2 * max(1, self.capacity(state, team)):
            return min(self.style.stock_floor, self.style.sale_floor)
        return self.style.sale_floor

    def units_to_sell(self, state: GameState, team: Team, late: bool) -> int:
        if not team.finished:
            return 0
        room = sum(state.config.zone_capacity - u for u in state.market)
        units = min(team.finished, room)
        floor = self.sale_floor(state, team, late)
        zones = placement_zones(state.market, state.config.zone_capacity, units)
        prices = [10 * state.config.zone_prices[z] for z in zones]
        if team.advertising:
            prices = [min(5_000, p + 500) for p in prices]
        return sum(1 for p in prices if p >= floor)

    def units_to_buy(self, state: GameState, team: Team, capacity: int, most: int) -> int:
        """A batch for a few productions, the cheap units only, as far as the cash goes: each
        unit with what producing it costs, and the running costs' reserve kept (a team that
        cannot pay a bill sells its machine back)."""
        if capacity == 0 or team.raw >= 2 * capacity:
            return 0
        want = min(self.style.batch_productions * capacity - team.raw, most)
        budget = team.cash - self.style.reserve_base - production_cost(team) * capacity
        units = spent = 0
        for z in purchase_zones(state.market, want):
            price = state.config.zone_prices[z]
            if price > self.style.raw_ceiling or spent + price > budget:
                break
            units += 1
            spent += price
        return units

    def wants_machine(self, state: GameState, team: Team) -> bool:
        """The first machine at once: without it the factory earns nothing, and it keeps its
        value to the end (rulebook, "End of the Game"), so it costs only the credit's
        interest; it waits while the write-off field is ahead and no WEB chip could save it,
        and in a long game it waits for the insurance's two chips when the cash left after
        the machine could not soon pay for them and a year's bills (the base model's first
        year, 10,000 Marks: a machine lost uninsured then is a business lost for good, and
        ten years make that likely; a short game cannot wait). A further machine once the
        insurance is held and the game is long enough for it to earn more than its credit
        costs."""
        years_left = self.years_left(state, team)
        if not team.machines:
            if years_left >= self.style.long_game_years and team.web < WEB_INSURANCE and \
                    team.cash + MACHINE_PRICE // 2 - MACHINE_PRICE < self.style.insured_cash:
                return False  # a long game, and too little cash to insure the machine soon
            return years_left >= self.style.first_machine_years and (
                team.web > 0 or not self.write_off_ahead(state, team, self.style.white_near))
        if years_left < self.style.more_machine_years:
            return False
        if team.web < self.style.web_before_machine or (
                not team.web and self.write_off_ahead(state, team)):
            return False  # a machine bought now, with no WEB chip to save it, may go there
        targets = self.style.machine_target
        target = targets[min(team.years, len(targets) - 1)]
        return len(team.machines) < target

    def buying_first_machine(self, state: GameState, team: Team) -> bool:
        """No machine yet, and the cash and the bank's credit (5,000 a machine) pay for one
        with the base reserve left: it is bought on a coming red field."""
        return not team.machines and self.years_left(state, team) >= \
            self.style.first_machine_years and team.cash + MACHINE_PRICE // 2 - MACHINE_PRICE \
            >= self.style.reserve_base

    def write_off_ahead(self, state: GameState, team: Team, fields: int = 24) -> bool:
        """A white field within the next ``fields`` fields (24: about seven rolls)."""
        board = state.config.board
        return any(board[(team.position + step) % len(board)] == "W"
                   for step in range(1, fields + 1))

    def investment_credit(self, state: GameState, team: Team,
                          credits: Sequence[int]) -> int | None:
        """As much credit as the bank gives: its fee is the same for any amount, and cash
        in hand keeps the machine running; None if even that leaves too little."""
        credit = credits[-1]
        if team.machines and team.web < WEB_INSURANCE:
            return None  # insure the machines it has before buying another
        if not team.machines:  # without a machine the team earns nothing at all
            enough = team.cash + credit - MACHINE_PRICE >= self.style.reserve_base
            return credit if enough else None
        if team.cash + credit - MACHINE_PRICE < self.reserve(team) + self.style.invest_cushion:
            return None
        return credit

    def wants_web(self, state: GameState, team: Team) -> bool:
        """The insurance's two chips; spare ones only for a year or more and for two
        machines or more: a WEB chip has no final value, and with one machine a spare chip
        saves no more than it cost (1,000 idle costs on the yellow field)."""
        years_left = self.years_left(state, team)
        if years_left < 0.5:
            return False
        spare = self.style.spare_web if len(team.machines) >= 2 else 1
        target = WEB_INSURANCE + (spare if years_left >= 1 else 0)
        if self.style.use_efficiency and any(not state.machines[m].double
                                             for m in team.machines):
            target += WEB_EFFICIENCY
        floor = self.style.reserve_base if team.web < WEB_INSURANCE else self.reserve(team)
        if team.machines and not team.web:  # the one chip that saves a machine on the white
            floor = self.style.last_web_floor
        return team.web < target and team.cash - WEB_PRICE >= floor
