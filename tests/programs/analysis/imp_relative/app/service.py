# Relative imports: a sibling module and a name from a sibling.
from . import codec
from .codec import decode as dec


def handle(request):
    return dec(codec.encode(request))
