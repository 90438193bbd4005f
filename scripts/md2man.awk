# scripts/md2man.awk: the Markdown of a README as a man page body, so that
# a page made from it says exactly what the README says.  Handles what the
# project's READMEs use: # headings, paragraphs, ``` code blocks, pipe
# tables (as tagged paragraphs), "* " lists, `code`, **bold**, [text](link).
# Variables: title (e.g. SHMEMSIM-SCENARIO), section, version, name (the
# NAME line), skip (heading text of a section to leave out, e.g. "The
# library").
function esc(s) {
    gsub(/\\/, "\\e", s)
    gsub(/-/, "\\-", s)
    return s
}
function inline(s,    out, m) {
    s = esc(s)
    # [text](link) -> text
    while (match(s, /\[[^]]*\]\([^)]*\)/)) {
        m = substr(s, RSTART + 1, RLENGTH - 2)
        sub(/\]\(.*$/, "", m)
        s = substr(s, 1, RSTART - 1) m substr(s, RSTART + RLENGTH)
    }
    while (match(s, /\*\*[^*]+\*\*/))
        s = substr(s, 1, RSTART - 1) "\\fB" substr(s, RSTART + 2, RLENGTH - 4) "\\fR" substr(s, RSTART + RLENGTH)
    while (match(s, /`[^`]+`/))
        s = substr(s, 1, RSTART - 1) "\\fB" substr(s, RSTART + 1, RLENGTH - 2) "\\fR" substr(s, RSTART + RLENGTH)
    return s
}
function line_out(s) {
    # a line must not start with . or ' (a request)
    if (s ~ /^[.']/) s = "\\&" s
    print s
}
function end_table() {
    if (intable) { print ".PP"; intable = 0 }
}
function end_list() {
    if (inlist) { print ".RE"; inlist = 0 }
}
function cells(s, arr,    n, i) {
    sub(/^ *\|/, "", s); sub(/\| *$/, "", s)
    n = split(s, arr, /\|/)
    for (i = 1; i <= n; i++) { sub(/^ +/, "", arr[i]); sub(/ +$/, "", arr[i]) }
    return n
}
BEGIN {
    print ".\\\" Generated from the README by scripts/md2man.awk; edit the README."
    printf ".TH %s %s \"\" \"shmemsim %s\" \"File Formats\"\n", title, section, version
    print ".SH NAME"
    print esc(name)
    print ".SH DESCRIPTION"
    skipping = 0
}
/^```/ {
    if (skipping) next
    end_table(); end_list()
    if (incode) { print ".fi"; print ".RE"; incode = 0 } else { print ".PP"; print ".RS"; print ".nf"; incode = 1 }
    next
}
incode { if (!skipping) line_out(esc($0)); next }
/^#+ / {
    level = match($0, /[^#]/) - 1
    text = $0; sub(/^#+ +/, "", text)
    if (level <= 2) skipping = (skip != "" && text == skip)
    if (skipping) next
    end_table(); end_list()
    if (level == 1) next          # the title: the NAME line says it
    gsub(/`/, "", text)
    print (level == 2 ? ".SH " : ".SS ") "\"" (level == 2 ? toupper(esc(text)) : esc(text)) "\""
    next
}
skipping { next }
/^ *\|/ {
    # a table: each row a tagged paragraph, the first cell as the tag and
    # the others as "header: value" lines (tables of five columns do not
    # fit a terminal's width)
    n = cells($0, c)
    if ($0 ~ /^ *\| *-/) next     # the header rule
    if (!intable) {
        end_list()
        for (i = 1; i <= n; i++) hdr[i] = c[i]
        nhdr = n
        intable = 1
        next
    }
    print ".TP"
    line_out(inline(c[1]))
    for (i = 2; i <= n; i++) {
        if (i > 2) print ".br"
        line_out((i < n || nhdr > 2 ? "\\fI" esc(hdr[i]) ":\\fR " : "") inline(c[i]))
    }
    next
}
/^\* / {
    end_table()
    if (!inlist) { print ".RS 2"; inlist = 1 }
    t = $0; sub(/^\* +/, "", t)
    print ".IP \\(bu 2"
    line_out(inline(t))
    next
}
/^$/ { end_table(); if (!inlist) pending_pp = 1; next }
# the first paragraph follows .SH DESCRIPTION directly
!started { started = 1; pending_pp = 0 }
{
    end_table()
    if (inlist && $0 !~ /^  /) end_list()
    if (pending_pp && !inlist) { print ".PP"; pending_pp = 0 }
    t = $0; sub(/^ +/, "", t)
    line_out(inline(t))
}
END { end_table(); end_list(); if (incode) { print ".fi"; print ".RE" } }
