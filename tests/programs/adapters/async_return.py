async def r(s):
    return s
