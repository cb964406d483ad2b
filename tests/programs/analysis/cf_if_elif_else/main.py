# if/elif/elif/else: each test runs only when the one before failed; each arm depends on its own test alone.
def top():
    return "A"


def middle():
    return "B"


def low():
    return "C"


def bottom():
    return "F"


def finish(label):
    return label


def grade(score):
    if score >= 90:
        label = top()
    elif score >= 50:
        label = middle()
    elif score >= 20:
        label = low()
    else:
        label = bottom()
    label = finish(label)
    return label


grade(95)
grade(60)
grade(30)
grade(5)
