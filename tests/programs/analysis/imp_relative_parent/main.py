# The entry point imports a function two package levels down.
from pkg.sub.worker import work


work()
