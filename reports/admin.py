"""Admin registrations for report models (none yet)."""
