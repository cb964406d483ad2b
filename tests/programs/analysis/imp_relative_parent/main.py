from pkg.sub.worker import work

work()
