# Imported as `from pkg import slow`.
def go():
    return 2


SPEED = "slow"
