# Sourced by bash in the case: complete LINE prints what Tab offers at the
# end of LINE, as bash would ask _umod for it (words split at blanks only:
# the lines have no '=' or ':'), sorted, under a "[LINE]" header in which
# $UMOD reads "umod".
. "$UMOD_TOP/shell-completion/bash/umod"
complete_line() {
	COMP_LINE=$1
	COMP_POINT=${#1}
	read -ra COMP_WORDS <<< "$1"
	[[ $1 == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_umod
	echo "[${1/#$UMOD/umod}]"
	[ ${#COMPREPLY[@]} -eq 0 ] || printf '  %s\n' "${COMPREPLY[@]}" | sort
}
