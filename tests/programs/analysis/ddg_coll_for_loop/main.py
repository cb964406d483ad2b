# for loops (and a comprehension's for) load the elements of what they iterate: a list filled by its literal, extend and a subscript store, a set filled by add.
class Job:
    pass


def collect():
    a = Job()
    b = Job()
    c = Job()
    jobs = [a]
    jobs.extend([b])
    jobs[0] = c
    seen = set()
    seen.add(a)
    for job in jobs:
        seen.add(job)
    names = [str(j) for j in seen]
    for s in seen:
        last = s
    return names, last


collect()
