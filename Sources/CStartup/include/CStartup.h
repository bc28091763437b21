#ifndef STORYBOARD_CSTARTUP_H
#define STORYBOARD_CSTARTUP_H

/// The value of SWIFT_BACKTRACE as the program set it before the Swift runtime started,
/// or NULL when it was left alone. See startup.c.
const char *sb_startup_backtrace_setting(void);

/// Whether the Swift runtime is linked into the executable (a static build) rather than
/// loaded from libswiftCore.so.
int sb_startup_runtime_is_static(void);

#endif
