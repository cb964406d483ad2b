# A package function passed to an outside function (re.sub's repl) is called back by it, synchronously.
import re


class Upper:
    def apply(self, text):
        return text.upper()


def shout(match):
    return Upper().apply(match.group(0))


def whisper(match):
    return match.group(0).lower()


def render(text):
    return re.sub(r"[a-z]+", shout, text)


def keep(text):
    return whisper


render("ab cd")
keep("x")
