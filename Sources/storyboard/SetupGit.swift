import ArgumentParser
import CommandSupport
import Flow
import Glibc

/// `storyboard setup-git`: makes git merge, diff and resolve storyboards and xibs with this tool.
struct SetupGit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup-git",
        abstract: "Make git merge, diff and resolve storyboards and xibs with storyboard merge, outline and mergetool.",
        discussion: """
            In a repository: adds `*.storyboard` and `*.xib` lines to its .gitattributes \
            (merge=storyboard diff=storyboard) and sets the merge driver, the diff's textconv \
            and the mergetool in its .git/config. With --global: the same settings in your own \
            git configuration, and the attributes in git's global attributes file. Prints what \
            it changed; changes nothing twice; never replaces a setting or line of yours (it \
            says which it kept). Exits with 0, or 2 outside a repository or when git fails.
            """ + "\n\n" + ExitStatus.help)

    @Flag(help: "Set it up for every repository of yours instead of this one.")
    var global = false

    func run() throws {
        let program = Self.programName
        let settings: [(key: String, value: String)] = [
            ("merge.storyboard.name", "storyboard merge: storyboards and xibs by object identity"),
            ("merge.storyboard.driver", "\(program) merge %O %A %B --output %A --name %P"),
            ("diff.storyboard.textconv", "\(program) outline"),
            ("mergetool.storyboard.cmd", "\(program) mergetool \"$BASE\" \"$LOCAL\" \"$REMOTE\" \"$MERGED\""),
            ("mergetool.storyboard.trustExitCode", "true"),
        ]
        let scope = global ? ["--global"] : ["--local"]
        var changed = 0
        if !global {
            guard GitProgram.run(["rev-parse", "--show-toplevel"]).status == 0 else {
                StandardError.report("not inside a git repository: run it in one, or use --global")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
        }
        for setting in settings {
            let current = GitProgram.run(["config"] + scope + ["--get", setting.key])
            let value = current.output.hasSuffix("\n") ? String(current.output.dropLast()) : current.output
            if current.status == 0 {
                if value != setting.value {
                    print("kept your \(setting.key) = \(DiagnosticText.escaped(value))")
                }
                continue
            }
            guard GitProgram.run(["config"] + scope + [setting.key, setting.value]).status == 0 else {
                StandardError.report("git config \(setting.key) failed")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            print("set \(setting.key) = \(setting.value)")
            changed += 1
        }
        let attributesFile = try Self.attributesFile(global: global)
        changed += try Self.addAttributes(to: attributesFile)
        if changed == 0 { print("already set up: nothing changed") }
    }

    /// How git should call this program: `storyboard` when that is on `PATH` and is this
    /// program, else this program's full path.
    static var programName: String {
        let path = RunningProgram.path
        if let found = onPath("storyboard"), realpathOf(found) == realpathOf(path) { return "storyboard" }
        return path.contains(" ") ? "'" + path + "'" : path
    }

    private static func onPath(_ name: String) -> String? {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
        for directory in path.split(separator: ":") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func realpathOf(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The attributes file: the repository's `.gitattributes`, or git's global one
    /// (`core.attributesFile`, else `$XDG_CONFIG_HOME/git/attributes`).
    static func attributesFile(global: Bool) throws -> String {
        if !global {
            let top = GitProgram.run(["rev-parse", "--show-toplevel"]).output.split(separator: "\n").first.map(String.init) ?? "."
            return top + "/.gitattributes"
        }
        let configured = GitProgram.run(["config", "--global", "--get", "core.attributesFile"])
        if configured.status == 0, let path = configured.output.split(separator: "\n").first {
            if path.hasPrefix("~/"), let home = getenv("HOME") { return String(cString: home) + path.dropFirst() }
            return String(path)
        }
        let base: String
        if let xdg = getenv("XDG_CONFIG_HOME"), xdg.pointee != 0 {
            base = String(cString: xdg)
        } else if let home = getenv("HOME") {
            base = String(cString: home) + "/.config"
        } else {
            StandardError.report("neither HOME nor XDG_CONFIG_HOME is set: cannot find git's global attributes file")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        mkdir(base, 0o755)
        mkdir(base + "/git", 0o755)
        return base + "/git/attributes"
    }

    /// Adds a line for each pattern that has none; a line of the user's for a pattern is kept
    /// as it is. Returns how many lines it added.
    static func addAttributes(to path: String) throws -> Int {
        // A missing file is an empty one; one that cannot be read is never written over.
        let existing: String
        switch InputFile.read(path: path) {
        case .success(let bytes): existing = String(decoding: bytes, as: UTF8.self)
        case .failure(.system(ENOENT)): existing = ""
        case .failure(let error):
            StandardError.report(error.message(about: "\"" + DiagnosticText.escaped(path) + "\""))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var added: [String] = []
        for pattern in ["*.storyboard", "*.xib"] {
            let wanted = "\(pattern) merge=storyboard diff=storyboard"
            let mine = lines.first { $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) == pattern }
            if let mine {
                if mine != wanted { print("kept your line in \(DiagnosticText.escaped(path)): \(DiagnosticText.escaped(mine))") }
                continue
            }
            added.append(wanted)
        }
        guard !added.isEmpty else { return 0 }
        var text = existing
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += added.joined(separator: "\n") + "\n"
        guard let file = fopen(path, "w") else {
            StandardError.report("\(DiagnosticText.escaped(path)): cannot write: \(String(cString: strerror(errno)))")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        fputs(text, file)
        fclose(file)
        for line in added { print("added to \(DiagnosticText.escaped(path)): \(line)") }
        return added.count
    }
}
