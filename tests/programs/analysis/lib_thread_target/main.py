# threading.Thread(target=work, args=(...)): start() runs work(*args) in a new thread; join() waits for it.
import threading


class Task:
    def result(self):
        return Report()


class Report:
    def summary(self):
        return "done"


class Draft:
    def summary(self):
        return "draft"


def work(task, out):
    out.append(task.result())


def spawn():
    out = []
    t = threading.Thread(target=work, args=(Task(), out))
    t.start()
    t.join()
    # The Report work made in the other thread, read back in this one.
    r = out[0]
    return r.summary()


spawn()
Draft().summary()
