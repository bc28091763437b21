import Flow
import Foundation
import Testing

/// Reading input files costs nothing when they are too big: a regular file is measured
/// before it is read, anything else is read up to the limit and no further, and a FIFO with
/// no writer does not wait for one.
@Suite struct InputFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    @Test func aRegularFileOverTheLimitFailsBySizeWithoutBeingRead() throws {
        // Sparse: three gigabytes of size, none of them on disk.
        let path = directory.appendingPathComponent("Sparse.storyboard").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 3 << 30) == 0)
        let result = InputFile.read(path: path)
        #expect(result == .failure(.tooLarge(size: 3 << 30, limit: InputFile.sizeLimit)))
        guard case .failure(let error) = result else { return }
        #expect(error.reason == "the file is too large (3221225472 bytes; at most 64 MiB)")
        #expect(error.message(about: "\"Sparse.storyboard\"") == "\"Sparse.storyboard\" is too large (3221225472 bytes; at most 64 MiB)")
    }

    @Test func aStreamIsReadUpToTheLimitAndNoFurther() throws {
        #expect(InputFile.read(path: "/dev/zero", limit: 100_000) == .failure(.tooLarge(size: nil, limit: 100_000)))
        guard case .failure(let error) = InputFile.read(path: "/dev/zero", limit: 1 << 20) else {
            Issue.record("/dev/zero was read whole")
            return
        }
        #expect(error.reason == "the file is too large (more than 1 MiB)")
    }

    @Test func aFileExactlyAtTheLimitIsReadWhole() throws {
        let url = directory.appendingPathComponent("Exact.strings")
        try Data(repeating: 0x41, count: 4096).write(to: url)
        #expect(try InputFile.read(path: url.path, limit: 4096).get().count == 4096)
        #expect(InputFile.read(path: url.path, limit: 4095) == .failure(.tooLarge(size: 4096, limit: 4095)))
    }

    @Test func aFIFONobodyWritesIsEmptyAtOnce() throws {
        let path = directory.appendingPathComponent("Pipe.storyboard").path
        #expect(mkfifo(path, 0o600) == 0)
        #expect(try InputFile.read(path: path).get() == [])
    }

    @Test func aFolderIsNotAFile() throws {
        #expect(InputFile.read(path: directory.path) == .failure(.folder))
        #expect(InputFile.read(path: directory.appendingPathComponent("None").path) == .failure(.system(ENOENT)))
    }
}
