# make bench-plot: the scale curves of build/bench/scale.dat (written by
# `make bench`, benchmark "scale"), log-log, one PNG per curve
set terminal pngcairo size 640,420
set logscale xy
set grid
set key top left
set style data linespoints
set output dir."/scale-modules.png"
set title "loading and unloading N modules (chains of 10)"
plot dat index 0 using 1:2 title "load, total us", dat index 1 using 1:2 title "unload, total us"
set output dir."/scale-symbols.png"
set title "one load+unload cycle against exported symbols"
plot dat index 2 using 1:2 title "cycle us"
set output dir."/scale-params.png"
set title "one load+unload cycle against parameters"
plot dat index 3 using 1:2 title "cycle us"
