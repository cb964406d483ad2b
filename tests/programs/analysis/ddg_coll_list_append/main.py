# append, insert and a store made by fill() all go into one list, read back by queue[0] and pop(); a second list's stores stay with it.
class Task:
    pass


def fill(queue, item):
    queue.append(item)


def run():
    first = Task()
    second = Task()
    third = Task()
    queue = []
    queue.append(first)
    queue.insert(0, second)
    fill(queue, third)
    head = queue[0]
    last = queue.pop()
    spare = []
    spare.append(first)
    extra = spare.pop()
    return head, last, extra


run()
