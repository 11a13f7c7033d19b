# Sourced by the checks against Debian's packages (check-kernel-tree.sh,
# check-headers.sh): their counters, their skip, and the package cache.
passed=0
failed=0

skip() {
	echo "skipped: $*"
	exit 0
}

result() {	# name ok-flag
	if [ "$2" = 1 ]; then
		passed=$((passed + 1))
		echo "ok: $1"
	else
		failed=$((failed + 1))
		echo "FAIL: $1"
	fi
}

# cached_deb CACHE PACKAGE: prints the path of PACKAGE's .deb in CACHE,
# downloading it first (apt-get download, never installed); on failure
# prints "skipped: ..." and returns 1
cached_deb() {
	deb=$(ls "$1"/"$2"_*.deb 2> /dev/null | tail -1)
	if [ -z "$deb" ]; then
		mkdir -p "$1"
		(cd "$1" && apt-get download "$2" > download.log 2>&1) ||
			{ echo "skipped: apt-get download $2 failed: $(tail -1 "$1/download.log")"; return 1; }
		deb=$(ls "$1"/"$2"_*.deb | tail -1)
	fi
	echo "$deb"
}
