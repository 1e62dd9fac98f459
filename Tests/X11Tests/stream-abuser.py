"""What hostile or broken clients do to a gesture stream, with raw sockets and D-Bus messages
written by hand (no library between to read for them or to slow them down).

Usage: stream-abuser.py MODE ADDRESS [ARGUMENT]
  connect-flood ADDRESS SECONDS  connect and close as fast as it can; prints how many connected
  unread-calls ADDRESS COUNT     authenticate, send COUNT Ping calls and never read the replies
  pings ADDRESS                  authenticate, then send Ping calls with NO_REPLY_EXPECTED forever
  hold ADDRESS COUNT [PATIENT]   open COUNT connections (the first PATIENT tried for up to 30 s, the rest for up to 2 s) and keep them, saying nothing
  squat ADDRESS                  bind and listen at the address
  try-connect ADDRESS            connect; prints `connected`, or the error's name
Prints `ready` once it has done what comes before its endless part, and waits to be killed.
ADDRESS is `unix:abstract=NAME` or `unix:path=PATH`.
"""
import os
import socket
import struct
import sys
import time


def sockaddr(address):
    kind, _, value = address.partition("=")
    return "\0" + value if kind == "unix:abstract" else value


def pad(data, n):
    return data + b"\0" * (-len(data) % n)


def ping(serial, flags):
    """A method call of org.freedesktop.DBus.Peer.Ping at /, which sd-bus answers itself."""
    fields = b""
    for code, signature, value in [(1, b"o", b"/"), (2, b"s", b"org.freedesktop.DBus.Peer"), (3, b"s", b"Ping")]:
        fields = pad(fields, 8)
        fields += bytes([code, 1]) + signature + b"\0" + struct.pack("<I", len(value)) + value + b"\0"
    head = b"l" + bytes([1, flags, 1]) + struct.pack("<III", 0, serial, len(fields))
    return pad(head + fields, 8)


def authenticated(address, receive_buffer=None):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if receive_buffer:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.connect(sockaddr(address))
    s.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    reply = b""
    while not reply.endswith(b"\r\n"):
        reply += s.recv(1)
    if not reply.startswith(b"OK "):
        sys.exit(f"not authenticated: {reply!r}")
    s.sendall(b"BEGIN\r\n")
    return s


def wait():
    print("ready", flush=True)
    while True:
        time.sleep(3600)


mode, address = sys.argv[1], sys.argv[2]
argument = sys.argv[3] if len(sys.argv) > 3 else None
if mode == "connect-flood":
    end, count = time.monotonic() + float(argument), 0
    while time.monotonic() < end:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_NONBLOCK)
        try:
            s.connect(sockaddr(address))
            count += 1
        except (BlockingIOError, ConnectionRefusedError):
            pass
        s.close()
    print(count, flush=True)
elif mode == "unread-calls":
    s = authenticated(address, receive_buffer=4096)
    try:
        s.sendall(b"".join(ping(serial, 0) for serial in range(1, int(argument) + 1)))
    except OSError as e:
        print(type(e).__name__, flush=True)
    wait()
elif mode == "pings":
    s = authenticated(address)
    batch = b"".join(ping(serial, 1) for serial in range(1, 1001))
    print("ready", flush=True)
    while True:
        s.sendall(batch)
elif mode == "hold":
    held = [socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_NONBLOCK) for _ in range(int(argument))]
    # A full backlog refuses at once: each connection tries again as the server accepts. The
    # first PATIENT (the server's cap, which it must reach) try for up to 30 s; after them, each
    # tries for up to 2 s (a busy machine's server is slow to accept), and once one has waited
    # that long in vain (the server takes no more), the rest for a fifth of a second.
    must = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    patience = 2.0
    for index, s in enumerate(held):
        end = time.monotonic() + (30.0 if index < must else patience)
        while True:
            try:
                s.connect(sockaddr(address))
                break
            except BlockingIOError:
                if time.monotonic() > end:
                    patience = 0.2
                    break
                time.sleep(0.001)
    wait()
elif mode == "try-connect":
    try:
        socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect(sockaddr(address))
        print("connected", flush=True)
    except OSError as e:
        print(type(e).__name__, flush=True)
elif mode == "squat":
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(sockaddr(address))
    s.listen(16)
    wait()
else:
    sys.exit(f"unknown mode {mode}")
