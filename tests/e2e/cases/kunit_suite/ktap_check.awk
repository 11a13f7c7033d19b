# A small KTAP v1 checker: at every nesting level (4 spaces a level) the
# results are numbered 1, 2, ... and match the plan "1..N" when there is
# one; a suite's "# NAME: pass:P fail:F skip:S total:T" matches its
# cases' results. Prints "ktap: ok" or the first problem; exit 1 on one.
function bad(msg) { print "ktap: line " NR ": " msg; err = 1; exit 1 }
function close_level(l) {
	if (l in plan && plan[l] != count[l])
		bad("plan 1.." plan[l] " but " count[l] " results")
	delete plan[l]; count[l] = 0; pass[l] = fail[l] = skip[l] = 0
}
{
	match($0, /^ */); lvl = RLENGTH / 4; line = substr($0, RLENGTH + 1)
}
line == "KTAP version 1" { close_level(lvl); next }
line ~ /^1\.\.[0-9]+$/ { plan[lvl] = substr(line, 4) + 0; next }
line ~ /^(not )?ok [0-9]+ - / {
	close_level(lvl + 1)
	n = line; sub(/^(not )?ok /, "", n); n = n + 0
	if (n != ++count[lvl]) bad("result " n " where " count[lvl] " was due")
	if (line ~ /^not ok/) fail[lvl]++
	else if (line ~ / # SKIP/) skip[lvl]++
	else pass[lvl]++
	results++
	next
}
line ~ /^# [^ ]+: pass:[0-9]+ fail:[0-9]+ skip:[0-9]+ total:[0-9]+$/ && lvl == 0 && line !~ /^# Totals/ {
	want = "pass:" pass[1] " fail:" fail[1] " skip:" skip[1] " total:" count[1]
	got = line; sub(/^# [^ ]+: /, "", got)
	if (got != want) bad("suite stats " got " but the results say " want)
}
END {
	if (err) exit 1
	close_level(1); close_level(0)
	if (!results) bad("no results")
	print "ktap: ok, " results " results"
}
