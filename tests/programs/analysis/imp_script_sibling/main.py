# The folder is a package, and main.py is run as a script from it: `sub` is found
# next to main.py because the script's folder is on sys.path.
from sub.tools import run

run()
