import CStartup

/// The programs' version, and how this copy of them was built.
public enum ProgramVersion {
    /// The version both programs print; raised by hand with each release.
    public static let number = "0.1.0"

    /// What `--version` prints: `0.1.0 (release build; static executable: …)`.
    public static var description: String {
        "\(number) (\(buildKind) build; \(linking))"
    }

    /// Debug or release, as the compiler was told.
    static var buildKind: String {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }

    /// How the executable was linked, read from the running process: whether the kernel
    /// started it with a dynamic loader, and whether the Swift runtime came from
    /// `libswiftCore.so`.
    static var linking: String {
        if sb_startup_is_static_executable() != 0 {
            return "static executable: the Swift runtime and the C libraries are linked in"
        }
        if sb_startup_runtime_is_static() != 0 {
            return "the Swift runtime is linked in, the C libraries are shared"
        }
        return "dynamically linked: the Swift runtime and the C libraries are shared"
    }
}
