from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = _("Reports")

    def ready(self) -> None:
        from classroom import services

        from .services import build_pack_at_game_end

        if build_pack_at_game_end not in services.GAME_ENDED:
            services.GAME_ENDED.append(build_pack_at_game_end)
