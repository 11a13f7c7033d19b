#!/bin/zsh -f
# complete.zsh FPATH_DIR LINE...: for each LINE, what Tab offers at its end
# in an interactive zsh (on a pty) with the completion functions of
# FPATH_DIR: each match added, one per line, sorted, after a "[LINE]"
# header in which $UMOD reads "umod". compadd is wrapped to record them;
# Tab runs complete-word, then marks the completion as over.
zmodload zsh/zpty 2> /dev/null || { print "skipped: zsh has no zsh/zpty"; exit 77 }
fdir=$1; shift
out=${TMPDIR:-/tmp}/umod-zcomp.$$
trap 'zpty -d umodz 2> /dev/null; rm -f $out $out.done' EXIT

zpty umodz zsh -f -i
# each added match is written to $out; Tab, once completion is over, touches $out.done
zpty -w umodz "PS1=''; fpath=(${(q)fdir} \$fpath); autoload -Uz compinit; compinit -u -D"
# the opt-in _umod's header gives users of the kmod-style names
zpty -w umodz "compdef _umod insmod rmmod lsmod modinfo modprobe depmod dmesg"
zpty -w umodz "compadd() { if (( \${@[(I)-[OAD]*]} )); then builtin compadd \"\$@\"; return; fi;
	local -a __m; builtin compadd -O __m \"\$@\"; (( \$#__m )) && print -rl -- \$__m >> $out; builtin compadd \"\$@\" }"
zpty -w umodz "_umod_test_tab() { zle complete-word; : > $out.done }; zle -N _umod_test_tab"
zpty -w umodz "bindkey '^I' _umod_test_tab; zstyle ':completion:*' insert-tab false"

for line in "$@"; do
	: > $out
	rm -f $out.done
	zpty -w -n umodz "$line"$'\t'
	for i in {1..100}; do
		[[ -e $out.done ]] && break
		zpty -rt umodz junk 2> /dev/null
		sleep 0.05
	done
	print -r -- "[${line/#$UMOD/umod}]"
	[[ -e $out.done ]] || print "  (no completion ran)"
	sort -u $out | sed 's/^/  /'
	zpty -w -n umodz $'\C-u'
	while zpty -rt umodz junk 2> /dev/null; do :; done
done
