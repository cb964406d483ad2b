# `import a.b.c` binds `a`; `a.b` and `a.b.c` are modules, so their attributes keep their own names however deep, and the library behaviour known for them is found through any import form.
import concurrent.futures
import xml.etree.ElementTree
from concurrent import futures


class Order:
    def price(self):
        return Invoice()


class Invoice:
    def total(self):
        return 42


class Receipt:
    def total(self):
        return 0


def bill(order):
    return order.price()


def run_dotted():
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        inv = pool.submit(bill, Order()).result()
    return inv.total()


def run_from():
    with futures.ThreadPoolExecutor(max_workers=1) as pool:
        inv = pool.submit(bill, Order()).result()
    return inv.total()


def render():
    root = xml.etree.ElementTree.Element("a")
    return xml.etree.ElementTree.tostring(root)


run_dotted()
run_from()
render()
Receipt().total()
