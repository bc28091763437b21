#ifndef STORYBOARD_CSTARTUP_H
#define STORYBOARD_CSTARTUP_H

/// Whether the Swift runtime is linked into the executable (a static build) rather than
/// loaded from libswiftCore.so.
int sb_startup_runtime_is_static(void);

/// Whether the executable is static: the kernel started it with no program interpreter
/// (dynamic loader), so nothing at all is loaded from shared libraries.
int sb_startup_is_static_executable(void);

#endif
