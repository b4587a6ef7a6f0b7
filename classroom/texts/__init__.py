"""The engine's texts in the page's language.

The rules engine (``playboss/rules``) is pure Python: every event is a code with its params and
its audience, and no sentence; every refusal (``RuleViolation``) has an English sentence beside
its ``code`` and ``params``. The site tells them in the page's language from the codes, here:

* ``describe_event(event)`` (``events``): the one catalogue of the events' sentences, English
  and German; an event stored before (with the engine's English ``text``) keeps that text in
  English.
* ``translate_refusal(refusal)`` (``refusals``): a refusal told from its code and params with
  the catalogue's sentence (``refusal_codes``); ``setup_problem`` the same for one problem of
  a game's set-up, for the new-game form.
* ``reason_text`` / ``kind_text`` / ``party_text`` (``words``): the short words of the books
  (ledger reasons, kinds, parties).
* ``card_title`` / ``card_text`` (``risk_cards``): the risk deck's texts.

In English the engine's own refusal sentences are shown unchanged: they are the reference.
"""

from .events import describe_event, describe_events, news_text
from .formatting import Event, money
from .refusals import setup_problem, translate_refusal
from .risk_cards import card_text, card_title
from .words import FIELD_COLOURS, KINDS, PARTIES, REASONS, kind_text, party_text, reason_text

__all__ = [
    "FIELD_COLOURS",
    "KINDS",
    "PARTIES",
    "REASONS",
    "Event",
    "card_text",
    "card_title",
    "describe_event",
    "describe_events",
    "kind_text",
    "money",
    "news_text",
    "party_text",
    "reason_text",
    "setup_problem",
    "translate_refusal",
]
