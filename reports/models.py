"""Report models (none yet).

To come: ``ReportJob`` (game, kind of document, status, progress, resulting file), written by
the Celery tasks that build reports. The numbers in a report come from ``playboss.rules``
statements only, never from figures stored here.
"""
