#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resident memory of this process in bytes (`/proc/self/statm`, second field), or 0 where
/// there is no `/proc`.
func residentBytes() -> Int {
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return 0 }
    let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs this benchmark binary again with `arguments` and returns what it wrote to standard
/// output, or `nil` if it could not be run or failed. Memory is measured this way so that each
/// library starts from a fresh heap.
func runChild(_ arguments: [String]) -> String? {
    #if os(Linux)
    var pathBuffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &pathBuffer, pathBuffer.count - 1)
    guard length > 0 else { return nil }
    let path = String(decoding: pathBuffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)

    var fileDescriptors: [Int32] = [0, 0]
    guard pipe(&fileDescriptors) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fileDescriptors[1], 1)
    posix_spawn_file_actions_addclose(&actions, fileDescriptors[0])
    posix_spawn_file_actions_addclose(&actions, fileDescriptors[1])

    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    close(fileDescriptors[1])
    guard spawned == 0 else {
        close(fileDescriptors[0])
        return nil
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(fileDescriptors[0], &chunk, chunk.count)
        if count <= 0 { break }
        output += chunk[0..<count]
    }
    close(fileDescriptors[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    guard status == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
    #else
    return nil
    #endif
}
