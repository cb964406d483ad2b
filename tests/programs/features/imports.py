import os.path
import collections.abc as abc_mod
from os import path as p, sep
from . import control_flow
from .classes import Base as B
from .. import features as again


def where(name):
    return os.path.join(p.dirname(name), sep), abc_mod.Mapping, control_flow.classify, B, again
