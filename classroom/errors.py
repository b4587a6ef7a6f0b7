"""The refusal a service raises: a request that changes nothing, told in the page's language.

Its own module, below the services and everything they use (``bot_levels``, ``practice``, the
reports), so that raising one imports no service: ``classroom.services`` re-exports it.
"""

from __future__ import annotations

from typing import Any

from playboss.rules import RuleViolation


class ServiceError(Exception):
    """A request that changes nothing, with a message for the person who made it, in the
    language of the page that shows it.

    How to write one (``tests/web/test_service_errors.py`` reads every raise site and fails
    on any other form, or on a sentence without German in the catalogue):

    * the site's own sentence: ``ServiceError(gettext_lazy("Undo goes back to a move between 0
      and %(last)s."), last=n)`` -- a ``gettext_lazy`` sentence with named placeholders, the
      values as keyword params. ``message`` tells it in the language active where it is read
      (the view's), so a German page never shows English, even when the service ran in
      another language. A param may be a ``RuleViolation`` (told in words, see below) or a
      lazy string. ``_("A sentence.")`` (gettext at the raise, in the request's language)
      is accepted too, and ``_("... %(x)s") % {...}``; never an f-string or a bare literal;
    * an engine refusal: ``raise ServiceError.refusal(exc) from exc`` -- told from the
      ``RuleViolation``'s code and params by ``classroom.texts.translate_refusal``, which
      reads ``code``/``params`` here too.

    ``status`` is the HTTP status a view answers with (400; 409 for "not now", 404, 403).
    """

    def __init__(self, message: Any, status: int = 400, **params: Any) -> None:
        super().__init__(message)
        self.text = message
        self.status = status
        #: The sentence's named values; for an engine refusal, the refusal's params.
        self.params: dict[str, Any] = params
        #: An engine refusal's code ("" for the site's own sentences).
        self.code = ""
        self.rule_violation: RuleViolation | None = None

    @classmethod
    def refusal(cls, violation: RuleViolation, status: int = 400) -> ServiceError:
        """The engine's refusal, told in the page's language from its code and params."""
        error = cls(violation.message, status)
        error.code, error.params = violation.code, dict(violation.params)
        error.rule_violation = violation
        return error

    @property
    def message(self) -> str:
        """The sentence in the active language."""
        from .texts import translate_refusal

        if self.rule_violation is not None:
            return translate_refusal(self.rule_violation)
        text = str(self.text)
        if not self.params:
            return text
        return text % {name: translate_refusal(value) if isinstance(value, RuleViolation)
                       else value for name, value in self.params.items()}

    def __str__(self) -> str:
        return self.message
