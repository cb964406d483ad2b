# Standard-library functions appear under the name they are imported by.
import os
import os.path as osp
from os.path import join as pjoin
import json


def paths(base):
    a = os.path.join(base, "a")
    b = osp.join(base, "b")
    c = pjoin(base, "c")
    return json.dumps([a, b, c])


paths("/tmp")
