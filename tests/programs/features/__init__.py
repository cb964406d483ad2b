"""Small programs, one language area each, compiled by every supported release."""
from .control_flow import classify
from . import classes as cls_mod
from .functions import *
