#define SRCINC_DESCRIPTION "found through -I$(src)/include"
