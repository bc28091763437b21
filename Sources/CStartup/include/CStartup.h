#ifndef STORYBOARD_CSTARTUP_H
#define STORYBOARD_CSTARTUP_H

/// Whether the Swift runtime is linked into the executable (a static build) rather than
/// loaded from libswiftCore.so.
int sb_startup_runtime_is_static(void);

#endif
