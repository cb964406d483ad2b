def shout(s):
    return s.upper()
