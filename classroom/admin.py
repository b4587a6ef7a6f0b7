"""Admin registrations for classroom models (none yet)."""
