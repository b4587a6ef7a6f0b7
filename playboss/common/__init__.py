"""What the two games' engines share, small and cheap to import: the refusal and set-up
errors (``errors``) and the seeded generator (``chance``). Pure Python, no Django; it imports
neither engine, so ``playboss.schoko`` loads without the Playboss engine (``playboss.rules``
re-exports these names unchanged)."""
