async def w(a):
    async with a as y:
        async for z in y:
            pass
