// Produced once by CPython 3.13.0 from `SOURCE`; do not edit by hand.
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
    return f"{it!r:>{x}}", not it
"#;

/// `marshal.dumps(compile(SOURCE, "t.py", "exec"))`
pub const MODULE: &[u8] = b"\
\xe3\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00\x00\x00\x00\x00\xf3\x20\x00\
\x00\x00\x95\x00\x18\x00\x22\x00\x53\x00\x1a\x00\x53\x01\x5c\x00\x35\x03\x00\x00\x00\x00\x00\x00\
\x72\x01\x53\x02\x1a\x00\x72\x02\x67\x03\x29\x04\x63\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\x00\x02\x00\x00\x00\x00\x00\x00\x00\xf3\x28\x00\x00\x00\x5e\x00\x95\x00\x5c\x00\x72\x01\x53\x00\
\x72\x02\x53\x01\x72\x03\x55\x00\x34\x01\x53\x02\x1a\x00\x6a\x08\x72\x04\x53\x03\x72\x05\x55\x00\
\x3d\x01\x72\x06\x24\x00\x29\x04\xda\x01\x4b\xe9\x01\x00\x00\x00\x63\x03\x00\x00\x00\x00\x00\x00\
\x00\x00\x00\x00\x00\x06\x00\x00\x00\x03\x00\x00\x00\xf3\x1a\x01\x00\x00\x3e\x01\x95\x00\x55\x01\
\x02\x00\x6e\x03\x55\x03\x52\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\x00\x00\x53\x01\x53\x02\x53\x03\x39\x02\x20\x00\x53\x00\x53\x00\x53\x00\x35\x02\x00\x00\x00\x00\
\x00\x00\x20\x00\x55\x02\x13\x00\x48\x1c\x00\x00\x6e\x04\x55\x04\x53\x04\x3a\x12\x00\x00\x64\x02\
\x00\x00\x4d\x0b\x00\x00\x55\x04\x28\x00\x00\x00\x00\x00\x00\x00\x61\x02\x00\x00\x4d\x14\x00\x00\
\x5b\x03\x00\x00\x00\x00\x00\x00\x00\x00\x55\x02\x36\x00\x20\x00\x4d\x1e\x00\x00\x0b\x00\x20\x00\
\x1e\x00\x5b\x04\x00\x00\x00\x00\x00\x00\x00\x00\x54\x08\x55\x00\x5d\x00\x00\x00\x57\x05\x57\x06\
\x70\x56\x41\x06\x24\x00\x21\x00\x2c\x00\x28\x00\x00\x00\x00\x00\x00\x00\x64\x01\x00\x00\x66\x02\
\x20\x00\x1f\x00\x20\x00\x20\x00\x4e\x3f\x3d\x03\x1f\x00\x66\x01\x21\x00\x5b\x06\x00\x00\x00\x00\
\x00\x00\x00\x00\x07\x00\x61\x12\x00\x00\x6e\x07\x55\x01\x22\x00\x55\x02\x30\x00\x55\x07\x44\x01\
\x36\x01\x20\x00\x1f\x00\x53\x00\x6e\x07\x41\x07\x4f\x08\x53\x00\x6e\x07\x41\x07\x66\x01\x66\x00\
\x3d\x03\x1f\x00\x66\x01\x1e\x00\x57\x05\x57\x06\x70\x56\x41\x06\x67\x00\x21\x00\x57\x05\x57\x06\
\x70\x56\x41\x06\x66\x00\x3d\x03\x1f\x00\x66\x01\x29\x05\x4e\x72\x04\x00\x00\x00\xe9\x02\x00\x00\
\x00\x29\x01\xda\x01\x6b\xe9\x03\x00\x00\x00\x29\x04\xda\x01\x6d\xda\x01\x68\xda\x05\x73\x75\x70\
\x65\x72\xda\x01\x45\x29\x09\xda\x04\x73\x65\x6c\x66\xda\x01\x6f\xda\x02\x78\x73\xda\x01\x63\xda\
\x01\x78\xda\x01\x62\xda\x01\x61\xda\x01\x65\xda\x09\x5f\x5f\x63\x6c\x61\x73\x73\x5f\x5f\x73\x09\
\x00\x00\x00\x20\x20\x20\x20\x20\x20\x20\x20\x80\xda\x04\x74\x2e\x70\x79\xda\x01\x66\xda\x03\x4b\
\x2e\x66\x02\x00\x00\x00\x73\x8f\x00\x00\x00\xf8\x80\x00\xd9\x0d\x0e\x90\x21\xd8\x0c\x0d\x8f\x43\
\x89\x43\x90\x01\x90\x51\x88\x43\x89\x4b\xf7\x03\x00\x0e\x0f\xe3\x11\x13\x88\x41\xd8\x0f\x10\x90\
\x31\x8d\x75\x9f\x51\x98\x51\xdc\x10\x11\x90\x32\x93\x06\xf1\x05\x00\x12\x14\xf0\x06\x06\x09\x12\
\xdc\x13\x18\x91\x37\x91\x39\xf0\x08\x00\x14\x15\x90\x61\x88\x71\xd9\x10\x11\xf7\x17\x00\x0e\x0f\
\x8d\x51\xfb\xf4\x0e\x00\x10\x11\xf3\x00\x01\x09\x18\xd9\x0c\x0d\x88\x72\x88\x4b\x90\x51\x8f\x4b\
\xfb\xf0\x03\x01\x09\x18\xfa\xd8\x0c\x17\xe0\x13\x14\x90\x61\x88\x71\xd9\x10\x11\xf8\xf0\x03\x00\
\x14\x15\x90\x61\x88\x71\xd9\x10\x11\xfa\x73\x35\x00\x00\x00\x84\x11\x41\x0e\x03\xc1\x00\x09\x41\
\x1f\x00\xc1\x0e\x0a\x41\x1c\x07\xc1\x1f\x0a\x41\x3b\x03\xc1\x29\x08\x41\x36\x03\xc1\x31\x05\x42\
\x04\x00\xc1\x36\x05\x41\x3b\x03\xc1\x3b\x03\x42\x04\x00\xc2\x04\x06\x42\x0a\x03\xa9\x00\x29\x07\
\xda\x08\x5f\x5f\x6e\x61\x6d\x65\x5f\x5f\xda\x0a\x5f\x5f\x6d\x6f\x64\x75\x6c\x65\x5f\x5f\xda\x0c\
\x5f\x5f\x71\x75\x61\x6c\x6e\x61\x6d\x65\x5f\x5f\xda\x0f\x5f\x5f\x66\x69\x72\x73\x74\x6c\x69\x6e\
\x65\x6e\x6f\x5f\x5f\x72\x17\x00\x00\x00\xda\x15\x5f\x5f\x73\x74\x61\x74\x69\x63\x5f\x61\x74\x74\
\x72\x69\x62\x75\x74\x65\x73\x5f\x5f\xda\x0d\x5f\x5f\x63\x6c\x61\x73\x73\x63\x65\x6c\x6c\x5f\x5f\
\x29\x01\x72\x15\x00\x00\x00\x73\x01\x00\x00\x00\x40\x72\x16\x00\x00\x00\x72\x03\x00\x00\x00\x72\
\x03\x00\x00\x00\x01\x00\x00\x00\x73\x0d\x00\x00\x00\xf8\x86\x00\xf7\x02\x0c\x05\x12\xf3\x00\x0c\
\x05\x12\xf3\x00\x00\x00\x00\x72\x03\x00\x00\x00\x63\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\x00\x04\x00\x00\x00\x83\x00\x00\x00\xf3\x60\x00\x00\x00\x23\x00\x20\x00\x95\x00\x55\x00\x10\x00\
\x12\x00\x53\x00\x68\x03\x00\x00\x76\x01\x95\x03\x4e\x05\x0c\x00\x6e\x01\x55\x01\x49\x00\x53\x00\
\x68\x03\x00\x00\x76\x01\x95\x03\x4e\x05\x0c\x00\x20\x00\x4d\x15\x00\x00\x08\x00\x4e\x10\x08\x00\
\x4e\x08\x0a\x00\x55\x00\x3c\x02\x53\x01\x57\x01\x0e\x00\x33\x02\x0f\x00\x55\x00\x28\x00\x00\x00\
\x00\x00\x00\x00\x2b\x00\x34\x02\x24\x00\x37\x03\x66\x01\x29\x02\x4e\xda\x01\x3e\x72\x19\x00\x00\
\x00\x29\x02\xda\x02\x69\x74\x72\x11\x00\x00\x00\x73\x02\x00\x00\x00\x20\x20\x72\x16\x00\x00\x00\
\xda\x01\x67\x72\x24\x00\x00\x00\x0f\x00\x00\x00\x73\x3c\x00\x00\x00\xe9\x00\x80\x00\xd9\x13\x15\
\xf7\x00\x01\x05\x10\x88\x61\xd8\x0e\x0f\x8f\x07\x8a\x07\xf1\x03\x01\x05\x10\xd9\x08\x0f\xf0\x03\
\x00\x14\x16\xe0\x0e\x10\x88\x5b\x90\x31\x90\x51\x90\x43\x90\x25\x88\x5b\x98\x72\x9c\x36\xd0\x0b\
\x21\xd0\x04\x21\xf9\x73\x28\x00\x00\x00\x82\x03\x2e\x01\x85\x04\x1e\x02\x89\x01\x1a\x06\x8a\x03\
\x1e\x02\x8d\x06\x2e\x01\x93\x01\x1c\x06\x94\x06\x2e\x01\x9a\x01\x1e\x02\x9c\x01\x2e\x01\x9e\x10\
\x2e\x01\x4e\x29\x03\xda\x01\x42\x72\x03\x00\x00\x00\x72\x24\x00\x00\x00\x72\x19\x00\x00\x00\x72\
\x20\x00\x00\x00\x72\x16\x00\x00\x00\xda\x08\x3c\x6d\x6f\x64\x75\x6c\x65\x3e\x72\x26\x00\x00\x00\
\x01\x00\x00\x00\x73\x16\x00\x00\x00\xf0\x03\x01\x01\x01\xf4\x02\x0d\x01\x12\x88\x01\xf4\x00\x0d\
\x01\x12\xf3\x1c\x03\x01\x22\x72\x20\x00\x00\x00";

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
        (24, "LOAD_CONST", Some(2), None, 1, 1, Some(15), Some(18), Some(0), Some(33)),
        (26, "MAKE_FUNCTION", None, None, 0, 0, Some(15), Some(18), Some(0), Some(33)),
        (28, "STORE_NAME", Some(2), None, -1, -1, Some(15), Some(18), Some(0), Some(33)),
        (30, "RETURN_CONST", Some(3), None, 0, 0, Some(15), Some(18), Some(0), Some(33)),
    ], &[
    ]),
    ("K", &[
        (0, "MAKE_CELL", Some(0), None, 0, 0, None, None, None, None),
        (2, "RESUME", Some(0), None, 0, 0, Some(1), Some(1), Some(0), Some(0)),
        (4, "LOAD_NAME", Some(0), None, 1, 1, Some(1), Some(1), Some(0), Some(0)),
        (6, "STORE_NAME", Some(1), None, -1, -1, Some(1), Some(1), Some(0), Some(0)),
        (8, "LOAD_CONST", Some(0), None, 1, 1, Some(1), Some(1), Some(0), Some(0)),
        (10, "STORE_NAME", Some(2), None, -1, -1, Some(1), Some(1), Some(0), Some(0)),
        (12, "LOAD_CONST", Some(1), None, 1, 1, Some(1), Some(1), Some(0), Some(0)),
        (14, "STORE_NAME", Some(3), None, -1, -1, Some(1), Some(1), Some(0), Some(0)),
        (16, "LOAD_FAST", Some(0), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (18, "BUILD_TUPLE", Some(1), None, 0, 0, Some(2), Some(14), Some(4), Some(17)),
        (20, "LOAD_CONST", Some(2), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (22, "MAKE_FUNCTION", None, None, 0, 0, Some(2), Some(14), Some(4), Some(17)),
        (24, "SET_FUNCTION_ATTRIBUTE", Some(8), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (26, "STORE_NAME", Some(4), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (28, "LOAD_CONST", Some(3), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (30, "STORE_NAME", Some(5), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (32, "LOAD_FAST", Some(0), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (34, "COPY", Some(1), None, 1, 1, Some(2), Some(14), Some(4), Some(17)),
        (36, "STORE_NAME", Some(6), None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
        (38, "RETURN_VALUE", None, None, -1, -1, Some(2), Some(14), Some(4), Some(17)),
    ], &[
    ]),
    ("K.f", &[
        (0, "COPY_FREE_VARS", Some(1), None, 0, 0, None, None, None, None),
        (2, "RESUME", Some(0), None, 0, 0, Some(2), Some(2), Some(0), Some(0)),
        (4, "LOAD_FAST", Some(1), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (6, "BEFORE_WITH", None, None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (8, "STORE_FAST", Some(3), None, -1, -1, Some(3), Some(3), Some(18), Some(19)),
        (10, "LOAD_FAST", Some(3), None, 1, 1, Some(4), Some(4), Some(12), Some(13)),
        (12, "LOAD_ATTR", Some(1), None, 1, 1, Some(4), Some(4), Some(12), Some(15)),
        (32, "LOAD_CONST", Some(1), None, 1, 1, Some(4), Some(4), Some(16), Some(17)),
        (34, "LOAD_CONST", Some(2), None, 1, 1, Some(4), Some(4), Some(21), Some(22)),
        (36, "LOAD_CONST", Some(3), None, 1, 1, Some(4), Some(4), Some(12), Some(15)),
        (38, "CALL_KW", Some(2), None, -4, -4, Some(4), Some(4), Some(12), Some(23)),
        (40, "POP_TOP", None, None, -1, -1, Some(4), Some(4), Some(12), Some(23)),
        (42, "LOAD_CONST", Some(0), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (44, "LOAD_CONST", Some(0), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (46, "LOAD_CONST", Some(0), None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (48, "CALL", Some(2), None, -3, -3, Some(3), Some(3), Some(13), Some(14)),
        (56, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (58, "LOAD_FAST", Some(2), None, 1, 1, Some(5), Some(5), Some(17), Some(19)),
        (60, "GET_ITER", None, None, 0, 0, Some(5), Some(5), Some(17), Some(19)),
        (62, "FOR_ITER", Some(28), Some(122), 1, 1, Some(5), Some(5), Some(17), Some(19)),
        (66, "STORE_FAST", Some(4), None, -1, -1, Some(5), Some(5), Some(12), Some(13)),
        (68, "LOAD_FAST", Some(4), None, 1, 1, Some(6), Some(6), Some(15), Some(16)),
        (70, "LOAD_CONST", Some(4), None, 1, 1, Some(6), Some(6), Some(19), Some(20)),
        (72, "COMPARE_OP", Some(18), None, -1, -1, Some(6), Some(6), Some(15), Some(20)),
        (76, "POP_JUMP_IF_TRUE", Some(2), Some(84), -1, -1, Some(6), Some(6), Some(15), Some(20)),
        (80, "JUMP_BACKWARD", Some(11), Some(62), 0, 0, Some(6), Some(6), Some(15), Some(20)),
        (84, "LOAD_FAST", Some(4), None, 1, 1, Some(6), Some(6), Some(29), Some(30)),
        (86, "TO_BOOL", None, None, 0, 0, Some(6), Some(6), Some(29), Some(30)),
        (94, "POP_JUMP_IF_FALSE", Some(2), Some(102), -1, -1, Some(6), Some(6), Some(29), Some(30)),
        (98, "JUMP_BACKWARD", Some(20), Some(62), 0, 0, Some(6), Some(6), Some(29), Some(30)),
        (102, "LOAD_GLOBAL", Some(3), None, 2, 2, Some(7), Some(7), Some(16), Some(17)),
        (112, "LOAD_FAST", Some(2), None, 1, 1, Some(7), Some(7), Some(19), Some(21)),
        (114, "CALL_FUNCTION_EX", Some(0), None, -2, -2, Some(7), Some(7), Some(16), Some(22)),
        (116, "POP_TOP", None, None, -1, -1, Some(7), Some(7), Some(16), Some(22)),
        (118, "JUMP_BACKWARD", Some(30), Some(62), 0, 0, Some(7), Some(7), Some(16), Some(22)),
        (122, "END_FOR", None, None, -1, -1, Some(5), Some(5), Some(17), Some(19)),
        (124, "POP_TOP", None, None, -1, -1, Some(5), Some(5), Some(17), Some(19)),
        (126, "NOP", None, None, 0, 0, Some(8), Some(14), Some(8), Some(17)),
        (128, "LOAD_GLOBAL", Some(4), None, 1, 1, Some(9), Some(9), Some(19), Some(24)),
        (138, "LOAD_DEREF", Some(8), None, 1, 1, Some(9), Some(9), Some(19), Some(26)),
        (140, "LOAD_FAST", Some(0), None, 1, 1, Some(9), Some(9), Some(19), Some(26)),
        (142, "LOAD_SUPER_ATTR", Some(0), None, -2, -2, Some(9), Some(9), Some(19), Some(28)),
        (146, "LOAD_FAST_CHECK", Some(5), None, 1, 1, Some(13), Some(13), Some(19), Some(20)),
        (148, "LOAD_FAST_CHECK", Some(6), None, 1, 1, Some(13), Some(13), Some(22), Some(23)),
        (150, "STORE_FAST_STORE_FAST", Some(86), None, -2, -2, Some(13), Some(13), Some(15), Some(16)),
        (152, "DELETE_FAST", Some(6), None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (154, "RETURN_VALUE", None, None, -1, -1, Some(14), Some(14), Some(16), Some(17)),
        (156, "PUSH_EXC_INFO", None, None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (158, "WITH_EXCEPT_START", None, None, 1, 1, Some(3), Some(3), Some(13), Some(14)),
        (160, "TO_BOOL", None, None, 0, 0, Some(3), Some(3), Some(13), Some(14)),
        (168, "POP_JUMP_IF_TRUE", Some(1), Some(174), -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (172, "RERAISE", Some(2), None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (174, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (176, "POP_EXCEPT", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (178, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (180, "POP_TOP", None, None, -1, -1, Some(3), Some(3), Some(13), Some(14)),
        (182, "JUMP_BACKWARD_NO_INTERRUPT", Some(63), Some(58), 0, 0, Some(3), Some(3), Some(13), Some(14)),
        (184, "COPY", Some(3), None, 1, 1, None, None, None, None),
        (186, "POP_EXCEPT", None, None, -1, -1, None, None, None, None),
        (188, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
        (190, "PUSH_EXC_INFO", None, None, 1, 1, None, None, None, None),
        (192, "LOAD_GLOBAL", Some(6), None, 1, 1, Some(10), Some(10), Some(15), Some(16)),
        (202, "CHECK_EXC_MATCH", None, None, 0, 0, Some(10), Some(11), Some(8), Some(23)),
        (204, "POP_JUMP_IF_FALSE", Some(18), Some(244), -1, -1, Some(10), Some(11), Some(8), Some(23)),
        (208, "STORE_FAST", Some(7), None, -1, -1, Some(10), Some(11), Some(8), Some(23)),
        (210, "LOAD_FAST", Some(1), None, 1, 1, Some(11), Some(11), Some(12), Some(13)),
        (212, "PUSH_NULL", None, None, 1, 1, Some(11), Some(11), Some(12), Some(13)),
        (214, "LOAD_FAST", Some(2), None, 1, 1, Some(11), Some(11), Some(15), Some(17)),
        (216, "BUILD_MAP", Some(0), None, 1, 1, Some(11), Some(11), Some(12), Some(23)),
        (218, "LOAD_FAST", Some(7), None, 1, 1, Some(11), Some(11), Some(21), Some(22)),
        (220, "DICT_MERGE", Some(1), None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (222, "CALL_FUNCTION_EX", Some(1), None, -3, -3, Some(11), Some(11), Some(12), Some(23)),
        (224, "POP_TOP", None, None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (226, "POP_EXCEPT", None, None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (228, "LOAD_CONST", Some(0), None, 1, 1, Some(11), Some(11), Some(12), Some(23)),
        (230, "STORE_FAST", Some(7), None, -1, -1, Some(11), Some(11), Some(12), Some(23)),
        (232, "DELETE_FAST", Some(7), None, 0, 0, Some(11), Some(11), Some(12), Some(23)),
        (234, "JUMP_FORWARD", Some(8), Some(252), 0, 0, Some(11), Some(11), Some(12), Some(23)),
        (236, "LOAD_CONST", Some(0), None, 1, 1, None, None, None, None),
        (238, "STORE_FAST", Some(7), None, -1, -1, None, None, None, None),
        (240, "DELETE_FAST", Some(7), None, 0, 0, None, None, None, None),
        (242, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
        (244, "RERAISE", Some(0), None, -1, -1, Some(10), Some(11), Some(8), Some(23)),
        (246, "COPY", Some(3), None, 1, 1, None, None, None, None),
        (248, "POP_EXCEPT", None, None, -1, -1, None, None, None, None),
        (250, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
        (252, "NOP", None, None, 0, 0, Some(11), Some(11), Some(12), Some(23)),
        (254, "LOAD_FAST_CHECK", Some(5), None, 1, 1, Some(13), Some(13), Some(19), Some(20)),
        (256, "LOAD_FAST_CHECK", Some(6), None, 1, 1, Some(13), Some(13), Some(22), Some(23)),
        (258, "STORE_FAST_STORE_FAST", Some(86), None, -2, -2, Some(13), Some(13), Some(15), Some(16)),
        (260, "DELETE_FAST", Some(6), None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (262, "RETURN_CONST", Some(0), None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (264, "PUSH_EXC_INFO", None, None, 1, 1, None, None, None, None),
        (266, "LOAD_FAST_CHECK", Some(5), None, 1, 1, Some(13), Some(13), Some(19), Some(20)),
        (268, "LOAD_FAST_CHECK", Some(6), None, 1, 1, Some(13), Some(13), Some(22), Some(23)),
        (270, "STORE_FAST_STORE_FAST", Some(86), None, -2, -2, Some(13), Some(13), Some(15), Some(16)),
        (272, "DELETE_FAST", Some(6), None, 0, 0, Some(14), Some(14), Some(16), Some(17)),
        (274, "RERAISE", Some(0), None, -1, -1, Some(14), Some(14), Some(16), Some(17)),
        (276, "COPY", Some(3), None, 1, 1, None, None, None, None),
        (278, "POP_EXCEPT", None, None, -1, -1, None, None, None, None),
        (280, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
    ], &[
        (8, 42, 156, 1, true),
        (128, 146, 190, 0, false),
        (156, 176, 184, 3, true),
        (190, 210, 246, 1, true),
        (210, 226, 236, 1, true),
        (226, 236, 264, 0, false),
        (236, 246, 246, 1, true),
        (246, 252, 264, 0, false),
        (264, 276, 276, 1, true),
    ]),
    ("g", &[
        (0, "RETURN_GENERATOR", None, None, 1, 1, Some(15), Some(15), None, None),
        (2, "POP_TOP", None, None, -1, -1, Some(15), Some(15), None, None),
        (4, "RESUME", Some(0), None, 0, 0, Some(15), Some(15), Some(0), Some(0)),
        (6, "LOAD_FAST", Some(0), None, 1, 1, Some(16), Some(16), Some(19), Some(21)),
        (8, "GET_AITER", None, None, 0, 0, Some(16), Some(16), Some(19), Some(21)),
        (10, "GET_ANEXT", None, None, 1, 1, Some(16), Some(17), Some(4), Some(15)),
        (12, "LOAD_CONST", Some(0), None, 1, 1, Some(16), Some(17), Some(4), Some(15)),
        (14, "SEND", Some(3), Some(24), 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (18, "YIELD_VALUE", Some(1), None, 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (20, "RESUME", Some(3), None, 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (22, "JUMP_BACKWARD_NO_INTERRUPT", Some(5), Some(14), 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (24, "END_SEND", None, None, -1, -1, Some(16), Some(17), Some(4), Some(15)),
        (26, "STORE_FAST", Some(1), None, -1, -1, Some(16), Some(16), Some(14), Some(15)),
        (28, "LOAD_FAST", Some(1), None, 1, 1, Some(17), Some(17), Some(14), Some(15)),
        (30, "GET_AWAITABLE", Some(0), None, 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (32, "LOAD_CONST", Some(0), None, 1, 1, Some(17), Some(17), Some(8), Some(15)),
        (34, "SEND", Some(3), Some(44), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (38, "YIELD_VALUE", Some(1), None, 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (40, "RESUME", Some(3), None, 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (42, "JUMP_BACKWARD_NO_INTERRUPT", Some(5), Some(34), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (44, "END_SEND", None, None, -1, -1, Some(17), Some(17), Some(8), Some(15)),
        (46, "POP_TOP", None, None, -1, -1, Some(17), Some(17), Some(8), Some(15)),
        (48, "JUMP_BACKWARD", Some(21), Some(10), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (52, "CLEANUP_THROW", None, None, -1, -1, Some(16), Some(17), Some(4), Some(15)),
        (54, "JUMP_BACKWARD_NO_INTERRUPT", Some(16), Some(24), 0, 0, Some(16), Some(17), Some(4), Some(15)),
        (56, "CLEANUP_THROW", None, None, -1, -1, Some(17), Some(17), Some(8), Some(15)),
        (58, "JUMP_BACKWARD_NO_INTERRUPT", Some(8), Some(44), 0, 0, Some(17), Some(17), Some(8), Some(15)),
        (60, "END_ASYNC_FOR", None, None, -2, -2, Some(16), Some(16), Some(19), Some(21)),
        (62, "LOAD_FAST", Some(0), None, 1, 1, Some(18), Some(18), Some(14), Some(16)),
        (64, "CONVERT_VALUE", Some(2), None, 0, 0, Some(18), Some(18), Some(13), Some(24)),
        (66, "LOAD_CONST", Some(1), None, 1, 1, Some(18), Some(18), Some(19), Some(20)),
        (68, "LOAD_FAST_CHECK", Some(1), None, 1, 1, Some(18), Some(18), Some(21), Some(22)),
        (70, "FORMAT_SIMPLE", None, None, 0, 0, Some(18), Some(18), Some(20), Some(23)),
        (72, "BUILD_STRING", Some(2), None, -1, -1, Some(18), Some(18), Some(18), Some(23)),
        (74, "FORMAT_WITH_SPEC", None, None, -1, -1, Some(18), Some(18), Some(13), Some(24)),
        (76, "LOAD_FAST", Some(0), None, 1, 1, Some(18), Some(18), Some(31), Some(33)),
        (78, "TO_BOOL", None, None, 0, 0, Some(18), Some(18), Some(27), Some(33)),
        (86, "UNARY_NOT", None, None, 0, 0, Some(18), Some(18), Some(27), Some(33)),
        (88, "BUILD_TUPLE", Some(2), None, -1, -1, Some(18), Some(18), Some(11), Some(33)),
        (90, "RETURN_VALUE", None, None, -1, -1, Some(18), Some(18), Some(4), Some(33)),
        (92, "CALL_INTRINSIC_1", Some(3), None, 0, 0, None, None, None, None),
        (94, "RERAISE", Some(1), None, -1, -1, None, None, None, None),
    ], &[
        (4, 10, 92, 0, true),
        (10, 18, 60, 1, false),
        (18, 20, 52, 3, false),
        (20, 26, 60, 1, false),
        (26, 38, 92, 0, true),
        (38, 40, 56, 3, false),
        (40, 52, 92, 0, true),
        (52, 54, 60, 1, false),
        (56, 58, 92, 0, true),
        (60, 92, 92, 0, true),
    ]),
];
