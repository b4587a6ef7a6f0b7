"""The six expansion steps of the rulebook (part II), one module each (steps 1 and 6: a package),
and buying a business (steps 4 and 6). Each declares its contribution to a game's rules as a
``PART`` (``ruleset.RulePart``); ``rulebook.PARTS`` lists them in the order they compose, and a
game's config decides which are in force. Importing a step changes nothing anywhere."""
