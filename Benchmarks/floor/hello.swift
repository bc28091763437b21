// The Swift floor for start-up time and memory: a program built as the app is, using
// Foundation's essentials as it does, that prints one line and exits.
// Build: swiftc -O -static-executable hello.swift -o hello-swift
import FoundationEssentials

print("hello at \(Date().timeIntervalSince1970)")
