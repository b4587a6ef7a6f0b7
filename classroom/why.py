"""Why a decision is missing from a team's screen: the engine's own refusal of it.

The engine names the moves its rules know at this moment and, for each the legal choices
leave out, the refusal ``apply`` would give its nearest instance (``playboss.rules.why_not``:
code, params, message). This module only puts the move's name before the refusal, told in
the page's language by the refusal catalogue (``texts.refusals.translate_refusal``): no rule
is checked here, so the screen cannot say something the engine would not.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from playboss.rules import Choice, GameState, Team, why_not

from .texts.refusals import translate_refusal

#: A missing move's name (``Missing.move``: its type, with the option it names) as the
#: subject of its line.
MOVES = {
    "purchase": gettext_lazy("Buying raw material"),
    "invest": gettext_lazy("Buying a machine"),
    "produce": gettext_lazy("Producing"),
    "sell": gettext_lazy("Selling"),
    "offer_sale": gettext_lazy("Selling"),
    "buy_web": gettext_lazy("Buying a WEB chip"),
    "cost:sell_half": gettext_lazy("Selling at half price"),
    "cost:produce": gettext_lazy("Producing on the cost field"),
    "cost:web": gettext_lazy("Paying 1 WEB chip instead"),
    "write_off:downgrade": gettext_lazy("Turning a machine back to single"),
    "write_off:web": gettext_lazy("Paying 1 WEB chip instead"),
    "renew_lease": gettext_lazy("Renewing the computer lease"),
    "auction_bid": gettext_lazy("Bidding"),
}


def why_lines(state: GameState, team: Team, choices: list[Choice]) -> list[str]:
    """One line for each decision the rules keep from ``team`` now (its field's decisions,
    a bid in a running auction): "<move>: <the engine's refusal>". ``choices`` are the
    team's legal choices, asked once by the screen."""
    out = []
    for missing in why_not(state, team.name, choices):
        move = MOVES.get(missing.move)
        reason = translate_refusal(missing.refusal)
        out.append(_("%(move)s: %(reason)s") % {"move": move, "reason": reason}
                   if move is not None else reason)
    return out
