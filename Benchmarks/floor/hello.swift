// The Swift floor for start-up time and memory: a program that loads Foundation, as the
// app does, prints one line and exits. Build: swiftc -O hello.swift -o hello-swift
import Foundation

print("hello at \(Date().timeIntervalSince1970)")
