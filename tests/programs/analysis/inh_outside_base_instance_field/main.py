"""Attributes of instances of a class with an outside base: what the class's methods store
on `self` is the instance's own; other names come from the outside base."""
import threading


def job():
    return "done"


class Worker(threading.Thread):
    def __init__(self, task):
        super().__init__()
        self.task = task

    def run(self):
        self.task()


class Quiet(threading.Thread):
    def run(self):
        # Quiet's methods never store `task`: an outside base name, as far as cpyg knows.
        self.task()


def main():
    w = Worker(job)
    w.run()
    q = Quiet()
    q.task = job
    q.run()


main()
