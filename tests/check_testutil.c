/* tests/check_testutil: the JSON and XML checkers other tests rely on must
 * reject what is not JSON or XML, or their trace, report and JUnit checks
 * would prove nothing. */
#include "testutil.h"

#include <check.h>

START_TEST(json_accepts_valid)
{
    ck_assert_int_eq(tu_json_valid("{\"a\":[1,2.5,-3e2,true,false,null,\"x\\n\"]}"), 0);
    ck_assert_int_eq(tu_json_valid(" [ ] "), 0);
}
END_TEST

START_TEST(json_rejects_invalid)
{
    const char *bad[] = {"{", "[1,]", "{\"a\":}", "{\"a\" 1}", "[01x]", "\"abc", "[1] 2",
                         "{'a':1}", "[1.]", "", "[\"\\q\"]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(tu_json_valid(bad[i]) != 0, "accepted %s", bad[i]);
}
END_TEST

START_TEST(xml_accepts_valid)
{
    ck_assert_int_eq(tu_xml_valid("<?xml version=\"1.0\"?>\n<a x=\"1\" y='&amp;&#65;&#x42;'>"
                                  "t&lt;<b/><!-- c --><c>\xc3\xa9</c></a>\n"), 0);
    ck_assert_int_eq(tu_xml_valid("<r/>"), 0);
}
END_TEST

START_TEST(xml_rejects_invalid)
{
    const char *bad[] = {"", "<a>", "<a></b>", "<a><b></a></b>", "<a x=1/>", "<a x='1' x='2'/>",
                         "<a>&bogus;</a>", "<a>a & b</a>", "<a/><b/>", "<a>\x01</a>",
                         "<a>\xff</a>", "<a x='<'/>", "text", "<ab></abc>"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(tu_xml_valid(bad[i]) != 0, "accepted %s", bad[i]);
}
END_TEST

Suite *testutil_suite(void)
{
    Suite *s = suite_create("testutil");
    TCase *tc = tcase_create("json");
    tcase_add_test(tc, json_accepts_valid);
    tcase_add_test(tc, json_rejects_invalid);
    tcase_add_test(tc, xml_accepts_valid);
    tcase_add_test(tc, xml_rejects_invalid);
    suite_add_tcase(s, tc);
    return s;
}
