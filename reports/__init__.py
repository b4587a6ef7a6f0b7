"""Statements people take home: PDF builders, report jobs and CSV/XLSX exports."""
