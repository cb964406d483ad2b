def plain():
    return "plain"


formatter = plain
LEVEL = 3
