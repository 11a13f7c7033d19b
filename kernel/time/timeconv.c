// SPDX-License-Identifier: MIT
/*
 * time64_to_tm(): seconds since the epoch, plus an offset, as a calendar
 * date in the proleptic Gregorian calendar (UTC, no leap seconds), as the
 * kernel's. Days are turned into a date with the civil-from-days method
 * (eras of 400 years, years starting in March), exact for any time64_t.
 */
#include "kernel/kapi.h"

struct ktm {			/* struct tm of linux/time.h */
	int tm_sec, tm_min, tm_hour, tm_mday, tm_mon;
	long tm_year;
	int tm_wday, tm_yday;
};

static bool leap(int64_t y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int64_t floor_div(int64_t a, int64_t b)
{
	return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

static void kapi_time64_to_tm(int64_t totalsecs, int offset, struct ktm *r)
{
	static const int before_month[] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
	int64_t secs = totalsecs + offset;
	int64_t days = floor_div(secs, 86400), rem = secs - days * 86400;
	int64_t z = days + 719468, era = floor_div(z, 146097);
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	int64_t month = mp < 10 ? mp + 3 : mp - 9;	/* 1..12 */
	int64_t year = yoe + era * 400 + (month <= 2);

	r->tm_hour = (int)(rem / 3600);
	r->tm_min = (int)(rem % 3600 / 60);
	r->tm_sec = (int)(rem % 60);
	r->tm_wday = (int)((days % 7 + 11) % 7);	/* 1970-01-01 was a Thursday */
	r->tm_mday = (int)(doy - (153 * mp + 2) / 5 + 1);
	r->tm_mon = (int)month - 1;
	r->tm_year = (long)(year - 1900);
	r->tm_yday = before_month[r->tm_mon] + r->tm_mday - 1 +
		     (r->tm_mon >= 2 && leap(year));
}

static const struct umod_kapi_export timeconv_exports[] = {
	UMOD_KAPI("time64_to_tm", kapi_time64_to_tm),
};

const struct umod_kapi_table umod_kapi_timeconv = UMOD_KAPI_TABLE(timeconv_exports);
