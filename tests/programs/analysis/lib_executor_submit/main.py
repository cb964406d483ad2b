# ThreadPoolExecutor.submit(f, x) runs f(x) in a worker thread; future.result() returns what f returned.
from concurrent.futures import ThreadPoolExecutor


class Order:
    def price(self):
        return Invoice()


class Invoice:
    def total(self):
        return 42


class Quote:
    def total(self):
        return 0


def bill(order):
    return order.price()


def notify(future):
    return future


def run():
    with ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(bill, Order())
        future.add_done_callback(notify)
        inv = future.result()
    return inv.total()


def run_map():
    with ThreadPoolExecutor(max_workers=1) as pool:
        return [inv.total() for inv in pool.map(bill, [Order()])]


run()
run_map()
Quote().total()
