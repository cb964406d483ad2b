# main imports this module under the name `mathlib`.
def shout(s):
    return s.upper()


VOWELS = "aeiou"
