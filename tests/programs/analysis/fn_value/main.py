# Functions are values: assigned, reassigned, called through the new names.
def greet():
    return "hi"


def wave():
    return "~"


def ignore():
    return None


action = greet
alias = action
alias()
action = wave
action()
