# synthetic_cards.py registers cards on import: only the processes of test_cards_of_your_own.py load it (through
# REALMS_DOMINION_CARDS), never the test run itself, whose doctest collection would otherwise import it
collect_ignore = ["synthetic_cards.py"]
