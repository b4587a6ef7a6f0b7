"""Celery tasks of the reports: they take a job's id and call the service that builds it (in
the same process with the embedded defaults, on a worker with ``REDIS_URL``)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task
def build_report(job_id: int) -> str:
    return services.run_job(job_id=job_id)
