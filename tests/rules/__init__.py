"""Rule-by-rule tests of the base model (rulebook part I), one file per part of the rules."""
