// Produced once by CPython 3.14.10 from `SOURCE`; do not edit by hand.
// Each instruction: (offset, opname, arg, jump target, net effect, net effect on the jump edge,
//                   line, end line, column, end column) as `dis`, `dis.stack_effect` and
// `co_positions()` report them; each region: (start, end, handler, depth, lasti) from
// `dis._parse_exception_table`.

/// The source `MODULE` was compiled from.
#[allow(dead_code)]
pub const SOURCE: &str = r#"class K(B):
    def f(self, o, xs):
        with o as c:
            c.m(1, k=2)
        for x in xs:
            if x < 3 and not x:
                h(*xs)
        try:
            return super().m
        except E as e:
            o(*xs, **e)
        finally:
            a, b = b, a
            del a
async def g(it):
    async for x in it:
        await x
    return t"{it!r:>{x}}{x}", not it
def h(s):
    assert s[1:2]
    return s[0], all(i for i in s)
def k():
    return f(*g)
"#;

/// `marshal.dumps(compile(SOURCE, "t.py", "exec"))`
pub const MODULE: &[u8] = b"\
\xe3\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00\x00\x00\x00\x00\xf3\x2e\x00\
\x00\x00\x80\x00\x15\x00\x21\x00\x52\x00\x17\x00\x52\x01\x5d\x00\x34\x03\x00\x00\x00\x00\x00\x00\
\x74\x01\x52\x02\x17\x00\x74\x02\x52\x03\x17\x00\x74\x03\x52\x04\x17\x00\x74\x04\x52\x05\x23\x00\
\x29\x06\x63\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\xf3\
\x32\x00\x00\x00\x61\x00\x61\x01\x80\x00\x5d\x00\x74\x01\x52\x00\x74\x02\x5e\x01\x74\x03\x16\x00\
\x6f\x01\x56\x00\x33\x01\x52\x01\x17\x00\x6c\x08\x74\x04\x52\x02\x74\x05\x56\x01\x74\x06\x56\x00\
\x3b\x01\x74\x07\x23\x00\x29\x03\xda\x01\x4b\x63\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\x07\x00\x00\x00\x03\x00\x00\x08\xf3\x3e\x01\x00\x00\x3c\x01\x80\x00\x56\x01\x3b\x01\x5f\x01\x75\
\x02\x75\x03\x5f\x00\x34\x00\x00\x00\x00\x00\x00\x00\x70\x03\x56\x03\x50\x01\x00\x00\x00\x00\x00\
\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x5e\x01\x5e\x02\x52\x01\x37\x02\x00\x00\x00\
\x00\x00\x00\x1f\x00\x52\x02\x52\x02\x52\x02\x34\x03\x00\x00\x00\x00\x00\x00\x1f\x00\x56\x02\x10\
\x00\x46\x1f\x00\x00\x70\x04\x56\x04\x5e\x03\x38\x12\x00\x00\x67\x03\x00\x00\x1c\x00\x4b\x0c\x00\
\x00\x56\x04\x27\x00\x00\x00\x00\x00\x00\x00\x64\x03\x00\x00\x1c\x00\x4b\x16\x00\x00\x5c\x03\x00\
\x00\x00\x00\x00\x00\x00\x00\x56\x02\x21\x00\x04\x00\x1f\x00\x4b\x21\x00\x00\x09\x00\x1e\x00\x1b\
\x00\x5c\x04\x00\x00\x00\x00\x00\x00\x00\x00\x53\x08\x56\x00\x60\x00\x00\x00\x58\x05\x58\x06\x72\
\x56\x3f\x06\x23\x00\x20\x00\x2b\x00\x27\x00\x00\x00\x00\x00\x00\x00\x67\x02\x00\x00\x1c\x00\x69\
\x02\x1f\x00\x1d\x00\x1f\x00\x1f\x00\x1f\x00\x4c\x44\x3b\x03\x1d\x00\x69\x01\x20\x00\x5c\x06\x00\
\x00\x00\x00\x00\x00\x00\x00\x06\x00\x64\x13\x00\x00\x1c\x00\x70\x07\x54\x01\x21\x00\x54\x02\x2f\
\x00\x54\x07\x42\x01\x04\x00\x1f\x00\x1d\x00\x52\x02\x70\x07\x3f\x07\x4d\x08\x52\x02\x70\x07\x3f\
\x07\x69\x01\x69\x00\x3b\x03\x1d\x00\x69\x01\x1b\x00\x58\x05\x58\x06\x72\x56\x3f\x06\x52\x02\x23\
\x00\x20\x00\x58\x05\x58\x06\x72\x56\x3f\x06\x69\x00\x3b\x03\x1d\x00\x69\x01\x29\x03\xe9\x01\x00\
\x00\x00\x29\x01\xda\x01\x6b\x4e\x29\x04\xda\x01\x6d\xda\x01\x68\xda\x05\x73\x75\x70\x65\x72\xda\
\x01\x45\x29\x09\xda\x04\x73\x65\x6c\x66\xda\x01\x6f\xda\x02\x78\x73\xda\x01\x63\xda\x01\x78\xda\
\x01\x62\xda\x01\x61\xda\x01\x65\xda\x09\x5f\x5f\x63\x6c\x61\x73\x73\x5f\x5f\x73\x09\x00\x00\x00\
\x26\x26\x26\x20\x20\x20\x20\x20\x80\xda\x04\x74\x2e\x70\x79\xda\x01\x66\xda\x03\x4b\x2e\x66\x02\
\x00\x00\x00\x73\x91\x00\x00\x00\xf8\x80\x00\xdf\x0d\x0e\x89\x51\x90\x21\xd8\x0c\x0d\x8f\x43\x89\
\x43\x90\x01\x90\x51\x88\x43\x8c\x4b\xf7\x03\x00\x0e\x0f\xe3\x11\x13\x88\x41\xd8\x0f\x10\x90\x31\
\x8e\x75\x9f\x51\x99\x51\xdc\x10\x11\x90\x32\x94\x06\xf1\x05\x00\x12\x14\xf0\x06\x06\x09\x12\xdc\
\x13\x18\x91\x37\x91\x39\xf0\x08\x00\x14\x15\x90\x61\x88\x71\xd9\x10\x11\xf7\x17\x00\x0e\x0f\x8f\
\x51\xfb\xf4\x0e\x00\x10\x11\xf4\x00\x01\x09\x18\xd9\x0c\x0d\x88\x72\x88\x4b\x90\x51\x8f\x4b\xfb\
\xf0\x03\x01\x09\x18\xfa\xd8\x0c\x17\xe0\x13\x14\x90\x61\x88\x71\xda\x10\x11\xf8\xf0\x03\x00\x14\
\x15\x90\x61\x88\x71\xd9\x10\x11\xfa\x73\x35\x00\x00\x00\x8c\x14\x41\x1c\x05\xc1\x0e\x09\x41\x2f\
\x00\xc1\x1c\x0b\x41\x2c\x09\xc1\x2f\x0b\x42\x0c\x03\xc1\x3a\x08\x42\x07\x03\xc2\x02\x05\x42\x16\
\x00\xc2\x07\x05\x42\x0c\x03\xc2\x0c\x03\x42\x16\x00\xc2\x16\x06\x42\x1c\x03\xa9\x00\x29\x08\xda\
\x08\x5f\x5f\x6e\x61\x6d\x65\x5f\x5f\xda\x0a\x5f\x5f\x6d\x6f\x64\x75\x6c\x65\x5f\x5f\xda\x0c\x5f\
\x5f\x71\x75\x61\x6c\x6e\x61\x6d\x65\x5f\x5f\xda\x0f\x5f\x5f\x66\x69\x72\x73\x74\x6c\x69\x6e\x65\
\x6e\x6f\x5f\x5f\x72\x15\x00\x00\x00\xda\x15\x5f\x5f\x73\x74\x61\x74\x69\x63\x5f\x61\x74\x74\x72\
\x69\x62\x75\x74\x65\x73\x5f\x5f\xda\x11\x5f\x5f\x63\x6c\x61\x73\x73\x64\x69\x63\x74\x63\x65\x6c\
\x6c\x5f\x5f\xda\x0d\x5f\x5f\x63\x6c\x61\x73\x73\x63\x65\x6c\x6c\x5f\x5f\x29\x02\x72\x13\x00\x00\
\x00\xda\x0d\x5f\x5f\x63\x6c\x61\x73\x73\x64\x69\x63\x74\x5f\x5f\x73\x02\x00\x00\x00\x40\x40\x72\
\x14\x00\x00\x00\x72\x03\x00\x00\x00\x72\x03\x00\x00\x00\x01\x00\x00\x00\x73\x0f\x00\x00\x00\xf9\
\x87\x00\x80\x00\xf7\x02\x0c\x05\x12\xf5\x00\x0c\x05\x12\xf3\x00\x00\x00\x00\x72\x03\x00\x00\x00\
\x63\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00\x83\x00\x00\x00\xf3\x6e\x00\
\x00\x00\x22\x00\x1f\x00\x80\x00\x56\x00\x0e\x00\x0f\x00\x52\x00\x6a\x03\x00\x00\x78\x01\x80\x03\
\x4c\x05\x0a\x00\x1c\x00\x70\x01\x56\x01\x47\x00\x52\x00\x6a\x03\x00\x00\x78\x01\x80\x03\x4c\x05\
\x0a\x00\x1f\x00\x4b\x16\x00\x00\x07\x00\x4c\x11\x07\x00\x4c\x08\x44\x14\x52\x04\x54\x00\x52\x01\
\x52\x02\x58\x01\x0c\x00\x32\x02\x2d\x0b\x54\x01\x52\x03\x2d\x02\x33\x02\x02\x00\x54\x00\x27\x00\
\x00\x00\x00\x00\x00\x00\x2a\x00\x33\x02\x23\x00\x35\x03\x69\x01\x29\x05\x4e\xda\x02\x69\x74\xda\
\x01\x3e\x72\x0f\x00\x00\x00\x29\x03\xda\x00\x72\x24\x00\x00\x00\x72\x24\x00\x00\x00\x72\x17\x00\
\x00\x00\x29\x02\x72\x22\x00\x00\x00\x72\x0f\x00\x00\x00\x73\x02\x00\x00\x00\x26\x20\x72\x14\x00\
\x00\x00\xda\x01\x67\x72\x25\x00\x00\x00\x0f\x00\x00\x00\x73\x4a\x00\x00\x00\xe9\x00\x80\x00\xd9\
\x13\x15\xf7\x00\x01\x05\x10\xf0\x00\x01\x05\x10\x88\x61\xd8\x0e\x0f\x8f\x07\x8a\x07\xf1\x03\x01\
\x05\x10\xd9\x08\x0f\xf0\x03\x00\x14\x16\xe0\x0b\x1c\x88\x62\x88\x5b\x90\x31\x90\x51\x90\x43\x90\
\x25\x88\x5b\x98\x11\x99\x03\xd1\x0b\x1c\xa0\x22\x9c\x66\xd0\x0b\x24\xd0\x04\x24\xf9\x73\x28\x00\
\x00\x00\x82\x03\x35\x01\x85\x04\x1f\x02\x89\x01\x1b\x06\x8a\x03\x1f\x02\x8d\x07\x35\x01\x94\x01\
\x1d\x06\x95\x06\x35\x01\x9b\x01\x1f\x02\x9d\x01\x35\x01\x9f\x16\x35\x01\x63\x01\x00\x00\x00\x00\
\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00\x03\x00\x00\x00\xf3\xa2\x00\x00\x00\x80\x00\x56\x00\
\x52\x00\x2c\x1a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x27\x00\x00\x00\x00\x00\x00\x00\x67\x03\
\x00\x00\x1c\x00\x51\x00\x68\x01\x56\x00\x5e\x00\x2c\x1a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\x5c\x00\x00\x00\x00\x00\x00\x00\x00\x00\x3b\x01\x51\x03\x4a\x00\x64\x1e\x00\x00\x1c\x00\x1f\x00\
\x52\x01\x17\x00\x56\x00\x10\x00\x34\x00\x00\x00\x00\x00\x00\x00\x46\x0d\x00\x00\x27\x00\x00\x00\
\x00\x00\x00\x00\x64\x03\x00\x00\x1c\x00\x4b\x0b\x00\x00\x1e\x00\x52\x02\x33\x02\x23\x00\x09\x00\
\x1e\x00\x52\x03\x33\x02\x23\x00\x21\x00\x52\x01\x17\x00\x56\x00\x10\x00\x34\x00\x00\x00\x00\x00\
\x00\x00\x34\x01\x00\x00\x00\x00\x00\x00\x33\x02\x23\x00\x29\x04\x3a\x72\x05\x00\x00\x00\xe9\x02\
\x00\x00\x00\x4e\x63\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x33\x00\x00\
\x00\xf3\x24\x00\x00\x00\x22\x00\x1f\x00\x80\x00\x54\x00\x46\x06\x00\x00\x71\x11\x78\x00\x80\x05\
\x1f\x00\x4b\x08\x00\x00\x09\x00\x1e\x00\x52\x00\x23\x00\x35\x03\x69\x01\xa9\x01\x4e\x72\x17\x00\
\x00\x00\x29\x02\xda\x02\x2e\x30\xda\x01\x69\x73\x02\x00\x00\x00\x26\x20\x72\x14\x00\x00\x00\xda\
\x09\x3c\x67\x65\x6e\x65\x78\x70\x72\x3e\xda\x14\x68\x2e\x3c\x6c\x6f\x63\x61\x6c\x73\x3e\x2e\x3c\
\x67\x65\x6e\x65\x78\x70\x72\x3e\x15\x00\x00\x00\x73\x0f\x00\x00\x00\xe9\x00\x80\x00\x90\x4e\xa1\
\x01\x98\x31\x94\x51\xa3\x01\xf9\x73\x04\x00\x00\x00\x82\x0e\x10\x01\x46\x54\x29\x01\xda\x03\x61\
\x6c\x6c\x29\x01\xda\x01\x73\x73\x01\x00\x00\x00\x26\x72\x14\x00\x00\x00\x72\x08\x00\x00\x00\x72\
\x08\x00\x00\x00\x13\x00\x00\x00\x73\x43\x00\x00\x00\x80\x00\xd8\x0b\x0c\x88\x53\x8f\x36\x8c\x36\
\x80\x4d\x88\x36\xd8\x0b\x0c\x88\x51\x8d\x34\x97\x13\x93\x13\x91\x4e\xa1\x01\x93\x4e\x97\x13\x94\
\x13\xd0\x0b\x22\xd0\x04\x22\x92\x13\xd0\x0b\x22\xd0\x04\x22\x90\x13\x91\x4e\xa1\x01\x93\x4e\xd3\
\x11\x22\xd0\x0b\x22\xd0\x04\x22\x72\x20\x00\x00\x00\x63\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\x00\x00\x04\x00\x00\x00\x03\x00\x00\x00\xf3\x1a\x00\x00\x00\x80\x00\x5c\x01\x00\x00\x00\x00\x00\
\x00\x00\x00\x5c\x03\x00\x00\x00\x00\x00\x00\x00\x00\x04\x00\x23\x00\x72\x29\x00\x00\x00\x29\x02\
\x72\x15\x00\x00\x00\x72\x25\x00\x00\x00\x72\x17\x00\x00\x00\x72\x20\x00\x00\x00\x72\x14\x00\x00\
\x00\x72\x06\x00\x00\x00\x72\x06\x00\x00\x00\x16\x00\x00\x00\x73\x0b\x00\x00\x00\x80\x00\xdc\x0b\
\x0c\x8c\x61\x88\x35\x80\x4c\x72\x20\x00\x00\x00\x4e\x29\x05\xda\x01\x42\x72\x03\x00\x00\x00\x72\
\x25\x00\x00\x00\x72\x08\x00\x00\x00\x72\x06\x00\x00\x00\x72\x17\x00\x00\x00\x72\x20\x00\x00\x00\
\x72\x14\x00\x00\x00\xda\x08\x3c\x6d\x6f\x64\x75\x6c\x65\x3e\x72\x32\x00\x00\x00\x01\x00\x00\x00\
\x73\x20\x00\x00\x00\xf0\x03\x01\x01\x01\xf4\x02\x0d\x01\x12\x88\x01\xf4\x00\x0d\x01\x12\xf2\x1c\
\x03\x01\x25\xf2\x08\x02\x01\x23\xf4\x06\x01\x01\x11\x72\x20\x00\x00\x00";

pub type Row = (u32, &'static str, Option<u32>, Option<u32>, i64, i64, Option<u32>, Option<u32>, Option<u32>, Option<u32>);
pub type Region = (u32, u32, u32, u32, bool);

/// Code objects in depth-first `co_consts` order: (qualified name, instructions, regions).
pub const CODES: &[(&str, &[Row], &[Region])] = &[
    ("<module>", &[
        (0, "RESUME", Some(0), None, 0, 0, Some(0), Some(1), Some(0), Some(0)),
        (2, "LOAD_BUILD_CLASS", None, None, 1, 1, Some(1), Some(14), Some(0), Some(17)),
        (4, "PUSH_NULL", None, None, 1, 1, Some(1), Some(14), Some(0), Some(17)),
        (6, "LOAD_CONST", Some(0), None, 1, 1, Some(1), Some(14), Some(0), Some(17)),
        (8, "MAKE_FUNCTION", None, None, 0, 0, Some(1), Some(14), Some(0), Some(17)),
        (10, "LOAD_CONST", Some(1), None, 1, 1, Some(1), Some(14), Some(0), Some(17)),
        (12, "LOAD_NAME", Some(0), None, 1, 1, Some(1), Some(1), Some(8), Some(9)),
        (14, "CALL", Some(3), None, -4, -4, Some(1), Some(14), Some(0), Some(17)),
        (22, "STORE_NAME", Some(1), None, -1, -1, Some(1), Some(14), Some(0), Some(17)),
        (24, "LOAD_CONST", Some(2), None, 1, 1, Some(15), Some(18), Some(0), Some(36)),
        (26, "MAKE_FUNCTION", None, None, 0, 0, Some(15), Some(18), Some(0), Some(36)),
        (28, "STORE_NAME", Some(2), None, -1, -1, Some(15), Some(18), Some(0), Some(36)),
        (30, "LOAD_CONST", Some(3), None, 1, 1, Some(19), Some(21), Some(0), Some(34)),
        (32, "MAKE_FUNCTION", None, None, 0, 0, Some(19), Some(21), Some(0), Some(34)),
        (34, "STORE_NAME", Some(3), None, -1, -1, Some(19), Some(21), Some(0), Some(34)),
        (36, "LOAD_CONST", Some(4), None, 1, 1, Some(22), Some(23), Some(0), Some(16)),
        (38, "MAKE_FUNCTION", None, None, 0, 0, Some(22), Some(23), Some(0), Some(16)),
        (40, "STORE_NAME", Some(4), None, -1, -1, Some(22), Some(23), Some(0), Some(16)),
        (42, "LOAD_CONST", Some(5), None, 1, 1, Some(22), Some(23), Some(0), Some(16)),
        (44, "RETURN_VALUE", None, None, 0, 0, Some(22), Some(23), Some(0), Some(16)),
    ], &[
    ]),
    ("K", &[
        (0, "MAKE_CELL", Some(0), None, 0, 0, None, None, None, None),
        (2, "MAKE_CELL", Some(1), None, 0, 0, None, None, None, None),
        (4, "RESUME", Some(0), None, 0, 0, Some(1), Some(1), Some(0), Some(0)),
        (6, "LOAD_NAME", Some(0), None, 1, 1, Some(1), Some(1), Some(0), Some(0)),
        (8, "STORE_NAME", Some(1), None, -1, -1, Some(1), Some(1), Some(0), Some(0)),
        (10, "LOAD_CONST", Some(0), None, 1, 1, Some(1), Some(1), Some(0), Some(0)),
        (12, "STORE_NAME", Some(2), None, -1, -1, Some(1), Some(1), Some(0), Some(0)),
        (14, "LOAD_SMALL_INT", Some(1), None, 1, 1, Some(1), Some(1), Some(0), Some(0)),
        (16, "STORE_NAME", Some(3), None, -1, -1, Some(1), Some(1), Some(0), Some(0)),
        (18, "LOAD_LOCALS", None, None, 1, 1, Some(1), Some(1), Some(0), Some(0)),
        (20, "STORE_DEREF", Some(1), None, -1, -1, Some(1), Some(1), Some(0), Some(0)),
        (22, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (24, "BUILD_TUPLE", Some(1), None, 0, 0, Some(2), Some(14), Some(4), Some(17)),
        (26, "LOAD_CONST", Some(1), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (28, "MAKE_FUNCTION", None, None, 0, 0, Some(2), Some(14), Some(4), Some(17)),
        (30, "SET_FUNCTION_ATTRIBUTE", Some(8), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (32, "STORE_NAME", Some(4), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (34, "LOAD_CONST", Some(2), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (36, "STORE_NAME", Some(5), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (38, "LOAD_FAST_BORROW", Some(1), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (40, "STORE_NAME", Some(6), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (42, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (44, "COPY", Some(1), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (46, "STORE_NAME", Some(7), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (48, "RETURN_VALUE", None, None, 0, 0, Some(2), Some(14), Some(4), Some(17)),
    ], &[
    ]),
    ("K.f", &[
        (0, "COPY_FREE_VARS", Some(1), None, 0, 0, None, None, None, None),
        (2, "RESUME", Some(0), None, 0, 0, Some(2), Some(2), Some(0), Some(0)),
        (4, "LOAD_FAST_BORROW", Some(1), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (6, "COPY", Some(1), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (8, "LOAD_SPECIAL", Some(1), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (10, "SWAP", Some(2), None, 0, 0, Some(3), Some(3), Some(13), Some(14)),
        (12, "SWAP", Some(3), None, 0, 0, Some(3), Some(3), Some(13), Some(14)),
        (14, "LOAD_SPECIAL", Some(0), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (16, "CALL", Some(0), None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (24, "STORE_FAST", Some(3), None, -1, -1, Some(3), Some(3), Some(18), Some(19)),
        (26, "LOAD_FAST_BORROW", Some(3), None, 1, 1, Some(4), Some(4), Some(12), Some(13)),
        (28, "LOAD_ATTR", Some(1), None, 1, 1, Some(4), Some(4), Some(12), Some(15)),
        (48, "LOAD_SMALL_INT", Some(1), None, 1, 1, Some(4), Some(4), Some(16), Some(17)),
        (50, "LOAD_SMALL_INT", Some(2), None, 1, 1, Some(4), Some(4), Some(21), Some(22)),
        (52, "LOAD_CONST", Some(1), None, 1, 1, Some(4), Some(4), Some(12), Some(15)),
        (54, "CALL_KW", Some(2), None, -4, -4, Some(4), Some(4), Some(12), Some(23)),
        (62, "POP_TOP", None, None, -1, -1, Some(4), Some(4), Some(12), Some(23)),
        (64, "LOAD_CONST", Some(2), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (66, "LOAD_CONST", Some(2), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (68, "LOAD_CONST", Some(2), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (70, "CALL", Some(3), None, -4, -4, Some(3), Some(3), Some(13), Some(14)),
        (78, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (80, "LOAD_FAST_BORROW", Some(2), None, 1, 1, Some(5), Some(5), Some(17), Some(19)),
        (82, "GET_ITER", None, None, 0, 0, Some(5), Some(5), Some(17), Some(19)),
        (84, "FOR_ITER", Some(31), Some(150), 1, 1, Some(5), Some(5), Some(17), Some(19)),
        (88, "STORE_FAST", Some(4), None, -1, -1, Some(5), Some(5), Some(12), Some(13)),
        (90, "LOAD_FAST_BORROW", Some(4), None, 1, 1, Some(6), Some(6), Some(15), Some(16)),
        (92, "LOAD_SMALL_INT", Some(3), None, 1, 1, Some(6), Some(6), Some(19), Some(20)),
        (94, "COMPARE_OP", Some(18), None, -1, -1, Some(6), Some(6), Some(15), Some(20)),
        (98, "POP_JUMP_IF_TRUE", Some(3), Some(108), -1, -1, Some(6), Some(6), Some(15), Some(20)),
        (102, "NOT_TAKEN", None, None, 0, 0, Some(6), Some(6), Some(15), Some(20)),
        (104, "JUMP_BACKWARD", Some(12), Some(84), 0, 0, Some(6), Some(6), Some(15), Some(20)),
        (108, "LOAD_FAST_BORROW", Some(4), None, 1, 1, Some(6), Some(6), Some(29), Some(30)),
        (110, "TO_BOOL", None, None, 0, 0, Some(6), Some(6), Some(29), Some(30)),
        (118, "POP_JUMP_IF_FALSE", Some(3), Some(128), -1, -1, Some(6), Some(6), Some(29), Some(30)),
        (122, "NOT_TAKEN", None, None, 0, 0, Some(6), Some(6), Some(29), Some(30)),
        (124, "JUMP_BACKWARD", Some(22), Some(84), 0, 0, Some(6), Some(6), Some(29), Some(30)),
        (128, "LOAD_GLOBAL", Some(3), None, 2, 2, Some(7), Some(7), Some(16), Some(17)),
        (138, "LOAD_FAST_BORROW", Some(2), None, 1, 1, Some(7), Some(7), Some(19), Some(21)),
        (140, "PUSH_NULL", None, None, 1, 1, Some(7), Some(7), Some(16), Some(22)),
        (142, "CALL_FUNCTION_EX", None, None, -3, -3, Some(7), Some(7), Some(16), Some(22)),
        (144, "POP_TOP", None, None, -1, -1, Some(7), Some(7), Some(16), Some(22)),
        (146, "JUMP_BACKWARD", Some(33), Some(84), 0, 0, Some(7), Some(7), Some(16), Some(22)),
        (150, "END_FOR", None, None, -1, -1, Some(5), Some(5), Some(17), Some(19)),
        (152, "POP_ITER", None, None, -1, -1, Some(5), Some(5), Some(17), Some(19)),
        (154, "NOP", None, None, 0, 0, Some(8), Some(14), Some(8), Some(17)),
        (156, "LOAD_GLOBAL", Some(4), None, 1, 1, Some(9), Some(9), Some(19), Some(24)),
        (166, "LOAD_DEREF", Some(8), None, 1, 1, Some(9), Some(9), Some(19), Some(26)),
        (168, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(9), Some(9), Some(19), Some(26)),
        (170, "LOAD_SUPER_ATTR", Some(0), None, -2, -2, Some(9), Some(9), Some(19), Some(28)),
        (174, "LOAD_FAST_CHECK", Some(5), None, 1, 1, Some(13), Some(13), Some(19), Some(20)),
        (176, "LOAD_FAST_CHECK", Some(6), None, 1, 1, Some(13), Some(13), Some(22), Some(23)),
        (178, "STORE_FAST_STORE_FAST", Some(86), None, -2, -2, Some(13), Some(13), Some(15), Some(16)),
        (180, "DELETE_FAST", Some(6), None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (182, "RETURN_VALUE", None, None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (184, "PUSH_EXC_INFO", None, None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (186, "WITH_EXCEPT_START", None, None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (188, "TO_BOOL", None, None, 0, 0, Some(3), Some(3), Some(13), Some(14)),
        (196, "POP_JUMP_IF_TRUE", Some(2), Some(204), -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (200, "NOT_TAKEN", None, None, 0, 0, Some(3), Some(3), Some(13), Some(14)),
        (202, "RERAISE", Some(2), None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (204, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (206, "POP_EXCEPT", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (208, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (210, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (212, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (214, "JUMP_BACKWARD_NO_INTERRUPT", Some(68), Some(80), 0, 0, Some(3), Some(3), Some(13), Some(14)),
        (216, "COPY", Some(3), None, 1, 1, None, None, None, None),
        (218, "POP_EXCEPT", None, None, -1, -1, None, None, None, None),
        (220, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
        (222, "PUSH_EXC_INFO", None, None, 1, 1, None, None, None, None),
        (224, "LOAD_GLOBAL", Some(6), None, 1, 1, Some(10), Some(10), Some(15), Some(16)),
        (234, "CHECK_EXC_MATCH", None, None, 0, 0, Some(10), Some(11), Some(8), Some(23)),
        (236, "POP_JUMP_IF_FALSE", Some(19), Some(278), -1, -1, Some(10), Some(11), Some(8), Some(23)),
        (240, "NOT_TAKEN", None, None, 0, 0, Some(10), Some(11), Some(8), Some(23)),
        (242, "STORE_FAST", Some(7), None, -1, -1, Some(10), Some(11), Some(8), Some(23)),
        (244, "LOAD_FAST", Some(1), None, 1, 1, Some(11), Some(11), Some(12), Some(13)),
        (246, "PUSH_NULL", None, None, 1, 1, Some(11), Some(11), Some(12), Some(13)),
        (248, "LOAD_FAST", Some(2), None, 1, 1, Some(11), Some(11), Some(15), Some(17)),
        (250, "BUILD_MAP", Some(0), None, 1, 1, Some(11), Some(11), Some(12), Some(23)),
        (252, "LOAD_FAST", Some(7), None, 1, 1, Some(11), Some(11), Some(21), Some(22)),
        (254, "DICT_MERGE", Some(1), None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (256, "CALL_FUNCTION_EX", None, None, -3, -3, Some(11), Some(11), Some(12), Some(23)),
        (258, "POP_TOP", None, None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (260, "POP_EXCEPT", None, None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (262, "LOAD_CONST", Some(2), None, 1, 1, Some(11), Some(11), Some(12), Some(23)),
        (264, "STORE_FAST", Some(7), None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (266, "DELETE_FAST", Some(7), None, 0, 0, Some(11), Some(11), Some(12), Some(23)),
        (268, "JUMP_FORWARD", Some(8), Some(286), 0, 0, Some(11), Some(11), Some(12), Some(23)),
        (270, "LOAD_CONST", Some(2), None, 1, 1, None, None, None, None),
        (272, "STORE_FAST", Some(7), None, -1, -1, None, None, None, None),
        (274, "DELETE_FAST", Some(7), None, 0, 0, None, None, None, None),
        (276, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
        (278, "RERAISE", Some(0), None, -1, -1, Some(10), Some(11), Some(8), Some(23)),
        (280, "COPY", Some(3), None, 1, 1, None, None, None, None),
        (282, "POP_EXCEPT", None, None, -1, -1, None, None, None, None),
        (284, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
        (286, "NOP", None, None, 0, 0, Some(11), Some(11), Some(12), Some(23)),
        (288, "LOAD_FAST_CHECK", Some(5), None, 1, 1, Some(13), Some(13), Some(19), Some(20)),
        (290, "LOAD_FAST_CHECK", Some(6), None, 1, 1, Some(13), Some(13), Some(22), Some(23)),
        (292, "STORE_FAST_STORE_FAST", Some(86), None, -2, -2, Some(13), Some(13), Some(15), Some(16)),
        (294, "DELETE_FAST", Some(6), None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (296, "LOAD_CONST", Some(2), None, 1, 1, Some(14), Some(14), Some(16), Some(17)),
        (298, "RETURN_VALUE", None, None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (300, "PUSH_EXC_INFO", None, None, 1, 1, None, None, None, None),
        (302, "LOAD_FAST_CHECK", Some(5), None, 1, 1, Some(13), Some(13), Some(19), Some(20)),
        (304, "LOAD_FAST_CHECK", Some(6), None, 1, 1, Some(13), Some(13), Some(22), Some(23)),
        (306, "STORE_FAST_STORE_FAST", Some(86), None, -2, -2, Some(13), Some(13), Some(15), Some(16)),
        (308, "DELETE_FAST", Some(6), None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (310, "RERAISE", Some(0), None, -1, -1, Some(14), Some(14), Some(16), Some(17)),
        (312, "COPY", Some(3), None, 1, 1, None, None, None, None),
        (314, "POP_EXCEPT", None, None, -1, -1, None, None, None, None),
        (316, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
    ], &[
        (24, 64, 184, 2, true),
        (156, 174, 222, 0, false),
        (184, 206, 216, 4, true),
        (222, 244, 280, 1, true),
        (244, 260, 270, 1, true),
        (260, 270, 300, 0, false),
        (270, 280, 280, 1, true),
        (280, 286, 300, 0, false),
        (300, 312, 312, 1, true),
    ]),
    ("g", &[
        (0, "RETURN_GENERATOR", None, None, 1, 1, Some(15), Some(15), None, None),
        (2, "POP_TOP", None, None, -1, -1, Some(15), Some(15), None, None),
        (4, "RESUME", Some(0), None, 0, 0, Some(15), Some(15), Some(0), Some(0)),
        (6, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(16), Some(16), Some(19), Some(21)),
        (8, "GET_AITER", None, None, 0, 0, Some(16), Some(16), Some(19), Some(21)),
        (10, "GET_ANEXT", None, None, 1, 1, Some(16), Some(17), Some(4), Some(15)),
        (12, "LOAD_CONST", Some(0), None, 1, 1, Some(16), Some(17), Some(4), Some(15)),
        (14, "SEND", Some(3), Some(24), 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (18, "YIELD_VALUE", Some(1), None, 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (20, "RESUME", Some(3), None, 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (22, "JUMP_BACKWARD_NO_INTERRUPT", Some(5), Some(14), 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (24, "END_SEND", None, None, -1, -1, Some(16), Some(17), Some(4), Some(15)),
        (26, "NOT_TAKEN", None, None, 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (28, "STORE_FAST", Some(1), None, -1, -1, Some(16), Some(16), Some(14), Some(15)),
        (30, "LOAD_FAST_BORROW", Some(1), None, 1, 1, Some(17), Some(17), Some(14), Some(15)),
        (32, "GET_AWAITABLE", Some(0), None, 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (34, "LOAD_CONST", Some(0), None, 1, 1, Some(17), Some(17), Some(8), Some(15)),
        (36, "SEND", Some(3), Some(46), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (40, "YIELD_VALUE", Some(1), None, 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (42, "RESUME", Some(3), None, 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (44, "JUMP_BACKWARD_NO_INTERRUPT", Some(5), Some(36), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (46, "END_SEND", None, None, -1, -1, Some(17), Some(17), Some(8), Some(15)),
        (48, "POP_TOP", None, None, -1, -1, Some(17), Some(17), Some(8), Some(15)),
        (50, "JUMP_BACKWARD", Some(22), Some(10), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (54, "CLEANUP_THROW", None, None, -1, -1, Some(16), Some(17), Some(4), Some(15)),
        (56, "JUMP_BACKWARD_NO_INTERRUPT", Some(17), Some(24), 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (58, "CLEANUP_THROW", None, None, -1, -1, Some(17), Some(17), Some(8), Some(15)),
        (60, "JUMP_BACKWARD_NO_INTERRUPT", Some(8), Some(46), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (62, "END_ASYNC_FOR", Some(20), Some(24), -2, -2, Some(16), Some(16), Some(19), Some(21)),
        (64, "LOAD_CONST", Some(4), None, 1, 1, Some(18), Some(18), Some(11), Some(28)),
        (66, "LOAD_FAST", Some(0), None, 1, 1, Some(18), Some(18), Some(14), Some(16)),
        (68, "LOAD_CONST", Some(1), None, 1, 1, Some(18), Some(18), Some(13), Some(24)),
        (70, "LOAD_CONST", Some(2), None, 1, 1, Some(18), Some(18), Some(19), Some(20)),
        (72, "LOAD_FAST_CHECK", Some(1), None, 1, 1, Some(18), Some(18), Some(21), Some(22)),
        (74, "FORMAT_SIMPLE", None, None, 0, 0, Some(18), Some(18), Some(20), Some(23)),
        (76, "BUILD_STRING", Some(2), None, -1, -1, Some(18), Some(18), Some(18), Some(23)),
        (78, "BUILD_INTERPOLATION", Some(11), None, -2, -2, Some(18), Some(18), Some(13), Some(24)),
        (80, "LOAD_FAST", Some(1), None, 1, 1, Some(18), Some(18), Some(25), Some(26)),
        (82, "LOAD_CONST", Some(3), None, 1, 1, Some(18), Some(18), Some(24), Some(27)),
        (84, "BUILD_INTERPOLATION", Some(2), None, -1, -1, Some(18), Some(18), Some(24), Some(27)),
        (86, "BUILD_TUPLE", Some(2), None, -1, -1, Some(18), Some(18), Some(11), Some(28)),
        (88, "BUILD_TEMPLATE", None, None, -1, -1, Some(18), Some(18), Some(11), Some(28)),
        (90, "LOAD_FAST", Some(0), None, 1, 1, Some(18), Some(18), Some(34), Some(36)),
        (92, "TO_BOOL", None, None, 0, 0, Some(18), Some(18), Some(30), Some(36)),
        (100, "UNARY_NOT", None, None, 0, 0, Some(18), Some(18), Some(30), Some(36)),
        (102, "BUILD_TUPLE", Some(2), None, -1, -1, Some(18), Some(18), Some(11), Some(36)),
        (104, "RETURN_VALUE", None, None, 0, 0, Some(18), Some(18), Some(4), Some(36)),
        (106, "CALL_INTRINSIC_1", Some(3), None, 0, 0, None, None, None, None),
        (108, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
    ], &[
        (4, 10, 106, 0, true),
        (10, 18, 62, 1, false),
        (18, 20, 54, 3, false),
        (20, 26, 62, 1, false),
        (26, 40, 106, 0, true),
        (40, 42, 58, 3, false),
        (42, 54, 106, 0, true),
        (54, 56, 62, 1, false),
        (58, 60, 106, 0, true),
        (62, 106, 106, 0, true),
    ]),
    ("h", &[
        (0, "RESUME", Some(0), None, 0, 0, Some(19), Some(19), Some(0), Some(0)),
        (2, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(20), Some(20), Some(11), Some(12)),
        (4, "LOAD_CONST", Some(0), None, 1, 1, Some(20), Some(20), Some(13), Some(16)),
        (6, "BINARY_OP", Some(26), None, -1, -1, Some(20), Some(20), Some(11), Some(17)),
        (18, "TO_BOOL", None, None, 0, 0, Some(20), Some(20), Some(11), Some(17)),
        (26, "POP_JUMP_IF_TRUE", Some(3), Some(36), -1, -1, Some(20), Some(20), Some(11), Some(17)),
        (30, "NOT_TAKEN", None, None, 0, 0, Some(20), Some(20), Some(11), Some(17)),
        (32, "LOAD_COMMON_CONSTANT", Some(0), None, 1, 1, Some(20), Some(20), Some(4), Some(17)),
        (34, "RAISE_VARARGS", Some(1), None, -1, -1, Some(20), Some(20), Some(11), Some(17)),
        (36, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(21), Some(21), Some(11), Some(12)),
        (38, "LOAD_SMALL_INT", Some(0), None, 1, 1, Some(21), Some(21), Some(13), Some(14)),
        (40, "BINARY_OP", Some(26), None, -1, -1, Some(21), Some(21), Some(11), Some(15)),
        (52, "LOAD_GLOBAL", Some(0), None, 1, 1, Some(21), Some(21), Some(17), Some(20)),
        (62, "COPY", Some(1), None, 1, 1, Some(21), Some(21), Some(17), Some(20)),
        (64, "LOAD_COMMON_CONSTANT", Some(3), None, 1, 1, Some(21), Some(21), Some(17), Some(20)),
        (66, "IS_OP", Some(0), None, -1, -1, Some(21), Some(21), Some(17), Some(20)),
        (68, "POP_JUMP_IF_FALSE", Some(30), Some(132), -1, -1, Some(21), Some(21), Some(17), Some(20)),
        (72, "NOT_TAKEN", None, None, 0, 0, Some(21), Some(21), Some(17), Some(20)),
        (74, "POP_TOP", None, None, -1, -1, Some(21), Some(21), Some(17), Some(20)),
        (76, "LOAD_CONST", Some(1), None, 1, 1, Some(21), Some(21), Some(20), Some(34)),
        (78, "MAKE_FUNCTION", None, None, 0, 0, Some(21), Some(21), Some(20), Some(34)),
        (80, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(21), Some(21), Some(32), Some(33)),
        (82, "GET_ITER", None, None, 0, 0, Some(21), Some(21), Some(32), Some(33)),
        (84, "CALL", Some(0), None, -1, -1, Some(21), Some(21), Some(20), Some(34)),
        (92, "FOR_ITER", Some(13), Some(122), 1, 1, Some(21), Some(21), Some(17), Some(20)),
        (96, "TO_BOOL", None, None, 0, 0, Some(21), Some(21), Some(17), Some(20)),
        (104, "POP_JUMP_IF_FALSE", Some(3), Some(114), -1, -1, Some(21), Some(21), Some(17), Some(20)),
        (108, "NOT_TAKEN", None, None, 0, 0, Some(21), Some(21), Some(17), Some(20)),
        (110, "JUMP_BACKWARD", Some(11), Some(92), 0, 0, Some(21), Some(21), Some(17), Some(20)),
        (114, "POP_ITER", None, None, -1, -1, Some(21), Some(21), Some(17), Some(20)),
        (116, "LOAD_CONST", Some(2), None, 1, 1, Some(21), Some(21), Some(17), Some(20)),
        (118, "BUILD_TUPLE", Some(2), None, -1, -1, Some(21), Some(21), Some(11), Some(34)),
        (120, "RETURN_VALUE", None, None, 0, 0, Some(21), Some(21), Some(4), Some(34)),
        (122, "END_FOR", None, None, -1, -1, Some(21), Some(21), Some(17), Some(20)),
        (124, "POP_ITER", None, None, -1, -1, Some(21), Some(21), Some(17), Some(20)),
        (126, "LOAD_CONST", Some(3), None, 1, 1, Some(21), Some(21), Some(17), Some(20)),
        (128, "BUILD_TUPLE", Some(2), None, -1, -1, Some(21), Some(21), Some(11), Some(34)),
        (130, "RETURN_VALUE", None, None, 0, 0, Some(21), Some(21), Some(4), Some(34)),
        (132, "PUSH_NULL", None, None, 1, 1, Some(21), Some(21), Some(17), Some(20)),
        (134, "LOAD_CONST", Some(1), None, 1, 1, Some(21), Some(21), Some(20), Some(34)),
        (136, "MAKE_FUNCTION", None, None, 0, 0, Some(21), Some(21), Some(20), Some(34)),
        (138, "LOAD_FAST_BORROW", Some(0), None, 1, 1, Some(21), Some(21), Some(32), Some(33)),
        (140, "GET_ITER", None, None, 0, 0, Some(21), Some(21), Some(32), Some(33)),
        (142, "CALL", Some(0), None, -1, -1, Some(21), Some(21), Some(20), Some(34)),
        (150, "CALL", Some(1), None, -2, -2, Some(21), Some(21), Some(17), Some(34)),
        (158, "BUILD_TUPLE", Some(2), None, -1, -1, Some(21), Some(21), Some(11), Some(34)),
        (160, "RETURN_VALUE", None, None, 0, 0, Some(21), Some(21), Some(4), Some(34)),
    ], &[
    ]),
    ("h.<locals>.<genexpr>", &[
        (0, "RETURN_GENERATOR", None, None, 1, 1, Some(21), Some(21), None, None),
        (2, "POP_TOP", None, None, -1, -1, Some(21), Some(21), None, None),
        (4, "RESUME", Some(0), None, 0, 0, Some(21), Some(21), Some(0), Some(0)),
        (6, "LOAD_FAST", Some(0), None, 1, 1, Some(21), Some(21), Some(20), Some(34)),
        (8, "FOR_ITER", Some(6), Some(24), 1, 1, Some(21), Some(21), Some(32), Some(33)),
        (12, "STORE_FAST_LOAD_FAST", Some(17), None, 0, 0, Some(21), Some(21), Some(27), Some(28)),
        (14, "YIELD_VALUE", Some(0), None, 0, 0, Some(21), Some(21), Some(21), Some(22)),
        (16, "RESUME", Some(5), None, 0, 0, Some(21), Some(21), Some(21), Some(22)),
        (18, "POP_TOP", None, None, -1, -1, Some(21), Some(21), Some(21), Some(22)),
        (20, "JUMP_BACKWARD", Some(8), Some(8), 0, 0, Some(21), Some(21), Some(21), Some(22)),
        (24, "END_FOR", None, None, -1, -1, Some(21), Some(21), Some(32), Some(33)),
        (26, "POP_ITER", None, None, -1, -1, Some(21), Some(21), Some(32), Some(33)),
        (28, "LOAD_CONST", Some(0), None, 1, 1, Some(21), Some(21), Some(32), Some(33)),
        (30, "RETURN_VALUE", None, None, 0, 0, Some(21), Some(21), Some(32), Some(33)),
        (32, "CALL_INTRINSIC_1", Some(3), None, 0, 0, None, None, None, None),
        (34, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
    ], &[
        (4, 32, 32, 0, true),
    ]),
    ("k", &[
        (0, "RESUME", Some(0), None, 0, 0, Some(22), Some(22), Some(0), Some(0)),
        (2, "LOAD_GLOBAL", Some(1), None, 2, 2, Some(23), Some(23), Some(11), Some(12)),
        (12, "LOAD_GLOBAL", Some(3), None, 2, 2, Some(23), Some(23), Some(14), Some(15)),
        (22, "CALL_FUNCTION_EX", None, None, -3, -3, Some(23), Some(23), Some(11), Some(16)),
        (24, "RETURN_VALUE", None, None, 0, 0, Some(23), Some(23), Some(4), Some(16)),
    ], &[
    ]),
];
