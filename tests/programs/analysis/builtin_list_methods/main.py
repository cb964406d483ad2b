# Methods of list objects (append, insert, pop); what pop() returns is what went in.
class Task:
    def run(self):
        return "task"


class Job:
    def run(self):
        return "job"


class Idle:
    def run(self):
        return "idle"


def fill():
    queue = []
    queue.append(Task())
    queue.insert(0, Job())
    return queue


def take(queue):
    last = queue.pop()
    return last


def work(queue):
    return queue.pop().run()


q = fill()
take(q)
work(q)
Idle().run()
